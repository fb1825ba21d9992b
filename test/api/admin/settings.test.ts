import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestServer, type TestServer } from '../../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('API keys from the back office', () => {
  it('creates a key that works at once, shows it only once, and revokes it', async () => {
    const scopes = await server.admin('GET', '/scopes');
    expect(scopes.body.data.presets.readOnly.every((s: string) => s.endsWith(':read'))).toBe(true);

    const created = await server.admin('POST', '/keys', { name: 'ui key', scopes: ['cart:read'], rateLimit: 30, allowedIps: ['127.0.0.1'], expiresInDays: 7 });
    expect(created.status).toBe(201);
    const { key, ...info } = created.body.data;
    expect(key).toMatch(/^sk-/);
    expect(info).toMatchObject({ name: 'ui key', scopes: ['cart:read'], rateLimit: 30, allowedIps: ['127.0.0.1'], revokedAt: null });
    expect(info.preview).toBe(`${key.slice(0, 7)}...${key.slice(-4)}`);
    expect(Date.parse(info.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    expect((await server.api('GET', '/cart', { key })).status).toBe(200);
    expect((await server.api('GET', '/orders', { key })).status).toBe(403);
    const list = await server.admin('GET', '/keys');
    expect(JSON.stringify(list.body)).not.toContain(key);

    const revoked = await server.admin('POST', `/keys/${info.id}/revoke`);
    expect(revoked.body.data.revokedAt).not.toBeNull();
    expect((await server.api('GET', '/cart', { key })).status).toBe(401);
    expect((await server.admin('POST', '/keys/99999/revoke')).status).toBe(404);
  });

  it('rejects unknown scopes and bad allowlists', async () => {
    expect((await server.admin('POST', '/keys', { name: 'x', scopes: ['cart:fly'] })).status).toBe(400);
    expect((await server.admin('POST', '/keys', { name: 'x', scopes: ['all'], allowedIps: ['nope'] })).status).toBe(400);
    expect((await server.admin('POST', '/keys', { name: 'x', scopes: [] })).status).toBe(400);
  });
});

describe('settings', () => {
  it('changes the service fee used by new orders', async () => {
    expect((await server.admin('GET', '/settings')).body.data).toMatchObject({ serviceFeeRate: 5, currency: 'CNY', currencyLocked: true, webhooksAllowRemote: false });
    const changed = await server.admin('PUT', '/settings', { serviceFeeRate: 7.5, lowBalanceThreshold: 100 });
    expect(changed.body.data).toMatchObject({ serviceFeeRate: 7.5, lowBalanceThreshold: 100 });
    const product = (await server.api('GET', '/products/search?limit=10')).body.data.items.find((p: { skus: { stock: number }[] }) => p.skus[0]!.stock > 0);
    const order = await server.api('POST', '/orders', { body: { items: [{ productId: String(product.id), skuId: product.skus[0].skuId, quantity: 1 }] } });
    const subtotalMinor = Math.round(order.body.data.subtotal * 100);
    expect(Math.round(order.body.data.serviceFee * 100)).toBe(Math.floor((subtotalMinor * 750 + 5000) / 10000));
    await server.admin('PUT', '/settings', { serviceFeeRate: 5 });
  });

  it('keeps the ledger currency once money moved, and validates', async () => {
    expect((await server.admin('PUT', '/settings', { currency: 'USD' })).status).toBe(409);
    expect((await server.admin('PUT', '/settings', { serviceFeeRate: 5.555 })).status).toBe(400);
    expect((await server.admin('PUT', '/settings', {})).status).toBe(400);
    expect((await server.admin('PUT', '/settings', { serviceFeeRate: 80 })).status).toBe(400);
  });

  it('tells where the server and the data are', async () => {
    const info = (await server.admin('GET', '/server')).body.data;
    expect(info.origin).toBe(server.running.origin);
    expect(info.docsUrl).toBe(`${server.running.origin}/docs`);
    expect(info.dataDir).toBe(server.dataDir);
    expect(info.world).toBe('default');
  });

  it('asked in another world: the same origin, docs and data folder, that world\'s own database', async () => {
    const world = (await server.admin('POST', '/worlds', {})).body.data as { id: string };
    const info = (
      await request(`${server.running.origin}/api/v1/admin`, 'GET', '/server', { bearer: server.running.core.adminToken, headers: { 'crossbuy-world': world.id } })
    ).body.data;
    expect(info).toMatchObject({ origin: server.running.origin, docsUrl: `${server.running.origin}/docs`, openapiUrl: `${server.running.origin}/api/v1/open/openapi.json`, dataDir: server.dataDir, world: world.id });
    expect(info.databaseFile).toContain(world.id);
    await server.admin('DELETE', `/worlds/${world.id}`);
  });
});

describe('data', () => {
  it('backs up the database online', async () => {
    const backup = await server.admin('POST', '/data/backup');
    expect(backup.status).toBe(201);
    expect(existsSync(backup.body.data.file)).toBe(true);
    expect(backup.body.data.bytes).toBeGreaterThan(10_000);
    expect((await server.admin('GET', '/data/backups')).body.data[0].file).toBe(backup.body.data.file);
  });

  it('resets to the demo data, keeping keys', async () => {
    expect((await server.admin('POST', '/data/reset', { confirm: 'yes' })).status).toBe(400);
    const reset = await server.admin('POST', '/data/reset', { confirm: 'RESET' });
    expect(reset.status).toBe(200);
    expect((await server.api('GET', '/orders')).body.data.total).toBe(0);
    expect((await server.api('GET', '/user/wallet/balance')).body.data).toMatchObject({ balance: 10000, frozenBalance: 0 });
    expect((await server.api('GET', '/user/wallet/transactions')).body.data.total).toBe(1);
    expect((await server.api('GET', '/products/search')).body.data.total).toBeGreaterThanOrEqual(200);
    const ledger = server.running.core.ctx.db.prepare('SELECT name FROM sqlite_master WHERE type = ? AND tbl_name = ? ORDER BY name').pluck().all('trigger', 'wallet_entries');
    // The append-only guards and the statement's rank keeper (migration 005) are all back.
    expect(ledger).toEqual(['wallet_entries_no_delete', 'wallet_entries_no_update', 'wallet_entries_rank']);
  });
});
