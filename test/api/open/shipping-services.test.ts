import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger, walletState } from '../../../src/main/core/wallet/ledger.js';
import { createArrivedOrder, createUser, deposit, orderStatus } from '../../helpers/fixtures.js';
import { request, snapshot, startTestServer, tableCounts, type TestServer } from '../../helpers/server.js';

/**
 * API v1.1 sections 4-8 over real HTTP: warehouse services, rehearsal packing, declared value and
 * insurance, duties, storage fees and deadlines, exceptions and the shipping scenarios.
 */
let server: TestServer;
const ctx = () => server.running.core.ctx;
const RECIPIENT = {
  recipientName: 'Ann Lee',
  recipientPhone: '+1 212 555 0100',
  recipientCountry: 'US',
  recipientCity: 'New York',
  recipientAddress: '1 Main St',
  recipientZipCode: '10001',
};
const MONEY_TABLES = ['wallets', 'wallet_entries', 'wallet_holds', 'packages', 'package_services', 'rehearsals', 'shipping_orders'];

function packageOf(weight: number, userId = 1): number {
  return createArrivedOrder(ctx(), { userId, inspectedWeightGrams: weight }).packageIds[0]!;
}
function weightOf(id: number): number {
  return ctx().db.prepare('SELECT weight_g FROM packages WHERE id = ?').pluck().get(id) as number;
}
function body(ids: number[], channel: string, extra: Record<string, unknown> = {}) {
  return { items: ids.map((id) => ({ inventoryId: id, quantity: 1 })), logisticsChannelId: channel, ...RECIPIENT, ...extra };
}
function linePrice(id: number): number {
  return ctx().db.prepare('SELECT i.price_minor * i.quantity FROM packages p JOIN order_items i ON i.id = p.order_item_id WHERE p.id = ?').pluck().get(id) as number;
}
async function nothingWritten(call: () => Promise<{ status: number; body: any }>, status: number, message?: RegExp) { // eslint-disable-line @typescript-eslint/no-explicit-any
  const counts = tableCounts(server);
  const snap = snapshot(server, MONEY_TABLES);
  const res = await call();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.statusCode).toBe(status);
  if (message) expect(res.body.message).toMatch(message);
  expect(tableCounts(server)).toEqual(counts);
  expect(snapshot(server, MONEY_TABLES)).toBe(snap);
  return res;
}

beforeAll(async () => {
  server = await startTestServer();
  // No autopilot drift between requests: tests move things by hand or by clock advances.
  await server.admin('PUT', '/autopilot', { pace: 'off' });
});
afterAll(() => server.close());

describe('warehouse services (section 4)', () => {
  it('lists the seeded catalog', async () => {
    const res = await server.api('GET', '/warehouse/services');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { serviceId: 'photos', name: 'Extra photos', description: expect.any(String), price: 2, unit: 'photo' },
      { serviceId: 'reinforce', name: 'Reinforcement', description: expect.any(String), price: 8, unit: 'package' },
      { serviceId: 'vacuum', name: 'Vacuum packing', description: expect.any(String), price: 12, unit: 'package' },
      { serviceId: 'remove_packaging', name: 'Remove packaging', description: expect.any(String), price: 0, unit: 'package' },
      { serviceId: 'moisture_barrier', name: 'Moisture barrier', description: expect.any(String), price: 5, unit: 'package' },
    ]);
  });

  it('charges at once (service_charge), applies the weight effect only when done', async () => {
    const pkg = packageOf(1000);
    const before = walletState(ctx(), 1);
    const res = await server.api('POST', `/warehouse/packages/${pkg}/services`, { body: { serviceIds: ['reinforce', 'photos', 'remove_packaging'], photoCount: 3 } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 8.00 + 3 x 2.00 + 0
    expect(res.body.data).toMatchObject({ packageId: pkg, charged: 14, currency: 'CNY' });
    expect(res.body.data.services.map((s: { serviceId: string; status: string }) => [s.serviceId, s.status])).toEqual([
      ['reinforce', 'pending'],
      ['photos', 'pending'],
      ['remove_packaging', 'pending'],
    ]);
    expect(walletState(ctx(), 1).balance).toBe(before.balance - 1400);
    const entry = ctx().db.prepare("SELECT type, amount_minor FROM wallet_entries WHERE reference = ? ORDER BY id DESC").get(`PKG${pkg}`);
    expect(entry).toEqual({ type: 'service_charge', amount_minor: -1400 });
    expect(weightOf(pkg)).toBe(1000);

    const list = (await server.admin('GET', '/warehouse/service-requests?limit=200')).body.data as { requestId: number; packageId: number; serviceId: string }[];
    const mine = list.filter((r) => r.packageId === pkg);
    expect(mine).toHaveLength(3);
    const reinforce = mine.find((r) => r.serviceId === 'reinforce')!;
    const done = await server.admin('POST', `/warehouse/service-requests/${reinforce.requestId}/done`);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'done', weight: 1200 });
    const removal = mine.find((r) => r.serviceId === 'remove_packaging')!;
    expect((await server.admin('POST', `/warehouse/service-requests/${removal.requestId}/done`)).body.data.weight).toBe(1080);
    expect((await server.admin('POST', `/warehouse/service-requests/${removal.requestId}/done`)).status).toBe(409);
    const detail = (await server.api('GET', `/warehouse/packages/${pkg}`)).body.data;
    expect(detail.weight).toBe(1080);
    expect(detail.services.find((s: { serviceId: string }) => s.serviceId === 'reinforce')).toMatchObject({ status: 'done', price: 8, doneAt: expect.any(String) });
    const event = ctx().db.prepare("SELECT data FROM events WHERE type = 'package.service_done' ORDER BY id DESC").pluck().get() as string;
    expect(JSON.parse(event)).toMatchObject({ packageId: pkg, serviceId: 'remove_packaging', weight: 1080 });
  });

  it('402 when short, 409 off the shelf or twice, 400 unknown, 403 without warehouse:write; nothing written', async () => {
    const poor = createUser(ctx(), 'poor-services');
    const pkg = packageOf(500, poor);
    const mine = packageOf(500);
    await nothingWritten(() => server.api('POST', `/warehouse/packages/${mine}/services`, { body: { serviceIds: ['teleport'] } }), 400, /unknown service teleport/);
    const readOnly = server.makeKey(['warehouse:read']);
    await nothingWritten(
      () => server.api('POST', `/warehouse/packages/${mine}/services`, { key: readOnly, body: { serviceIds: ['vacuum'] } }),
      403,
      /Required: warehouse:write/,
    );
    await nothingWritten(() => server.api('POST', `/warehouse/packages/${pkg}/services`, { body: { serviceIds: ['vacuum'] } }), 404);
    expect((await server.api('POST', `/warehouse/packages/${mine}/services`, { body: { serviceIds: ['vacuum'] } })).status).toBe(201);
    await nothingWritten(() => server.api('POST', `/warehouse/packages/${mine}/services`, { body: { serviceIds: ['vacuum'] } }), 409, /already requested/);
    // Spend the whole available balance, then ask again.
    const state = walletState(ctx(), 1);
    const adjusted = await server.admin('POST', '/wallet/adjust', { userId: 1, amount: -(state.available / 100), note: 'test: empty the wallet' });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(201);
    expect(walletState(ctx(), 1).available).toBe(0);
    await nothingWritten(() => server.api('POST', `/warehouse/packages/${mine}/services`, { body: { serviceIds: ['reinforce'] } }), 402, /Insufficient balance\. Required: 8\.00 CNY/);
    deposit(ctx(), 1, 10_000_000);
  });
});

describe('rehearsal packing and the packed quote (section 5)', () => {
  it('charges the fee, packs plausibly, and quotes the shipping fee on the packed parcel (volumetric applies)', async () => {
    const a = packageOf(900);
    const b = packageOf(700);
    const before = walletState(ctx(), 1).balance;
    const res = await server.api('POST', '/shipping/rehearsals', { body: { inventoryIds: [b, a] } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const r = res.body.data;
    expect(r).toMatchObject({ status: 'requested', inventoryIds: [Math.min(a, b), Math.max(a, b)], fee: 18, packedWeight: null, photos: [] });
    expect(walletState(ctx(), 1).balance).toBe(before - 1800);
    expect((await server.api('GET', `/warehouse/packages/${a}`)).body.data.status).toBe('rehearsing');
    // Plain shipping of a rehearsing package: 409.
    await nothingWritten(() => server.api('POST', '/shipping/create', { body: body([a], 'ems') }), 409, /is rehearsing, not in_warehouse/);
    // Not packed yet: 409.
    await nothingWritten(() => server.api('POST', '/shipping/create', { body: body([a, b], 'ems', { rehearsalId: r.id }) }), 409, /not packed/);

    const packed = await server.admin('POST', `/shipping/rehearsals/${r.id}/pack`);
    expect(packed.status).toBe(200);
    const p = packed.body.data;
    // 1600 g of goods + the packing share (the tests' figures draw 0%: test/helpers/server.ts; the share itself is
    // tested in shipping.rehearsal-packing.test.ts); 1600 x 6 cm3 x 1.15 = 11040 cm3 in a 1.6:1.2:1 box: 29 x 22 x 18 cm.
    const weight = 1600;
    expect(p).toMatchObject({ status: 'packed', packedWeight: weight, length: 29, width: 22, height: 18 });
    expect(p.photos).toHaveLength(3);
    expect((await fetch(p.photos[0])).status).toBe(200);
    expect((await server.admin('POST', `/shipping/rehearsals/${r.id}/pack`)).status).toBe(409);

    // Exactly the rehearsal's packages.
    await nothingWritten(() => server.api('POST', '/shipping/create', { body: body([a], 'ems', { rehearsalId: r.id }) }), 400, /exactly the packages/);
    const created = await server.api('POST', '/shipping/create', { body: body([a, b], 'air-special', { rehearsalId: r.id }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const quote = await server.api('POST', '/logistics/calculate-freight', { body: { channelId: 'air-special', country: 'US', weight, length: 29, width: 22, height: 18 } });
    expect(quote.status).toBe(200);
    expect(quote.body.data.volumetricWeight).toBeGreaterThan(weight);
    expect(created.body.data).toMatchObject({ totalWeight: weight, chargeWeight: quote.body.data.chargeWeight, shippingFee: quote.body.data.totalPrice, rehearsalId: r.id });
    expect((await server.api('GET', `/shipping/rehearsals/${r.id}`)).body.data.status).toBe('used');
    const detail = (await server.api('GET', `/shipping/orders/${created.body.data.orderNo}`)).body.data;
    expect(detail.dimensions).toEqual({ length: 29, width: 22, height: 18 });
  });

  it('vacuum packing (done) shrinks the packed volume', async () => {
    const plain = packageOf(2000);
    const soft = packageOf(2000);
    await server.api('POST', `/warehouse/packages/${soft}/services`, { body: { serviceIds: ['vacuum'] } });
    const req = ((await server.admin('GET', '/warehouse/service-requests?limit=200')).body.data as { requestId: number; packageId: number }[]).find((x) => x.packageId === soft)!;
    await server.admin('POST', `/warehouse/service-requests/${req.requestId}/done`);
    const pack = async (id: number) => {
      const r = (await server.api('POST', '/shipping/rehearsals', { body: { inventoryIds: [id] } })).body.data;
      return (await server.admin('POST', `/shipping/rehearsals/${r.id}/pack`)).body.data as { length: number; width: number; height: number; id: string };
    };
    const a = await pack(plain);
    const b = await pack(soft);
    expect(b.length * b.width * b.height).toBeLessThan(a.length * a.width * a.height * 0.8);
    // Cancel after packing: packages back, no refund.
    const balance = walletState(ctx(), 1).balance;
    const cancelled = await server.api('POST', `/shipping/rehearsals/${a.id}/cancel`);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', refundAmount: 0 });
    expect(walletState(ctx(), 1).balance).toBe(balance);
    expect((await server.api('GET', `/warehouse/packages/${plain}`)).body.data.status).toBe('in_warehouse');
    expect((await server.api('POST', `/shipping/rehearsals/${a.id}/cancel`)).status).toBe(409);
  });

  it('cancel before packing refunds the fee', async () => {
    const pkg = packageOf(400);
    const balance = walletState(ctx(), 1).balance;
    const r = (await server.api('POST', '/shipping/rehearsals', { body: { inventoryIds: [pkg] } })).body.data;
    const cancelled = await server.api('POST', `/shipping/rehearsals/${r.id}/cancel`);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', refundAmount: 18 });
    expect(walletState(ctx(), 1).balance).toBe(balance);
  });
});

describe('declared value, insurance, duties (section 5)', () => {
  it('defaults the declared value to the purchase price; holds fee + premium; captures the whole hold once at dispatch', async () => {
    const pkg = packageOf(1000);
    const declared = linePrice(pkg);
    const before = walletState(ctx(), 1);
    const res = await server.api('POST', '/shipping/create', { body: body([pkg], 'ems', { insurance: true }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const d = res.body.data;
    const premium = Math.max(500, Math.round((declared * 3) / 100));
    expect(d).toMatchObject({ declaredValue: declared / 100, insurance: true, insurancePremium: premium / 100, storageFees: 0 });
    const fee = Math.round(d.shippingFee * 100);
    expect(d.totalCharge).toBe((fee + premium) / 100);
    expect(walletState(ctx(), 1).frozen).toBe(before.frozen + fee + premium);
    // US: no de minimis, 15%.
    expect(d.estimatedDuties).toBe(Math.round((declared * 15) / 100) / 100);
    const dispatched = await server.admin('POST', `/shipping/orders/${d.orderNo}/dispatch`);
    expect(dispatched.status).toBe(200);
    const payments = ctx().db.prepare("SELECT amount_minor FROM wallet_entries WHERE reference = ? AND type = 'shipping_payment'").pluck().all(d.orderNo);
    expect(payments).toEqual([-(fee + premium)]);
    expect(walletState(ctx(), 1).frozen).toBe(before.frozen);
  });

  it('422 above the channel cap; a premium minimum of 5.00; the cap is operator data', async () => {
    const put = await server.admin('PUT', '/channels/ems', { maxDeclaredValue: 100 });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.maxDeclaredValue).toBe(100);
    const pkg = packageOf(300);
    await nothingWritten(() => server.api('POST', '/shipping/create', { body: body([pkg], 'ems', { declaredValue: 100.01 }) }), 422, /above the 100\.00 CNY/);
    const ok = await server.api('POST', '/shipping/create', { body: body([pkg], 'ems', { declaredValue: 10, insurance: true }) });
    expect(ok.body.data).toMatchObject({ declaredValue: 10, insurancePremium: 5 });
    await server.admin('PUT', '/channels/ems', { maxDeclaredValue: null });
    // Cancel gives back the whole hold.
    const cancel = await server.api('POST', `/shipping/orders/${ok.body.data.orderNo}/cancel`);
    expect(cancel.body.data.refundAmount).toBe(ok.body.data.totalCharge);
  });

  it('duty data is editable by the operator: at or below the de minimis nothing is due', async () => {
    const res = await server.admin('PUT', '/logistics/countries/US', { deMinimis: 5000, dutyRatePercent: 12.5 });
    expect(res.body.data).toMatchObject({ code: 'US', deMinimis: 5000, dutyRatePercent: 12.5 });
    const pkg = packageOf(300);
    const created = await server.api('POST', '/shipping/create', { body: body([pkg], 'ems', { declaredValue: 5000 }) });
    expect(created.body.data.estimatedDuties).toBe(0);
    await server.admin('PUT', '/logistics/countries/US', { deMinimis: 0, dutyRatePercent: 15 });
  });
});

describe('exceptions and scenarios (sections 7 and 8)', () => {
  async function shipped(extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    const pkg = packageOf(800);
    const res = await server.api('POST', '/shipping/create', { body: body([pkg], 'ems', extra), headers });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await server.admin('POST', `/shipping/orders/${res.body.data.orderNo}/dispatch`);
    return { orderNo: res.body.data.orderNo as string, pkg, data: res.body.data };
  }

  it('lost insured: declared value + fee paid back; packages lost; confirm-delivery 409', async () => {
    const { orderNo, pkg, data } = await shipped({ insurance: true, declaredValue: 300 });
    const before = walletState(ctx(), 1).balance;
    const res = await server.admin('POST', `/shipping/${orderNo}/simulate`, { scenario: 'lost_in_transit' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'lost', insurancePayout: 300 + data.shippingFee });
    expect(res.body.data.events.at(-1)).toMatchObject({ code: 'shipping.lost_in_transit', params: { amount: 300 + data.shippingFee, currency: 'CNY' } });
    expect(walletState(ctx(), 1).balance).toBe(before + 30_000 + Math.round(data.shippingFee * 100));
    expect(ctx().db.prepare("SELECT type FROM wallet_entries WHERE reference = ? ORDER BY id DESC").pluck().get(orderNo)).toBe('insurance_payout');
    expect((await server.api('GET', `/warehouse/packages/${pkg}`)).body.data.status).toBe('lost');
    expect((await server.api('POST', `/shipping/orders/${orderNo}/confirm-delivery`)).status).toBe(409);
    expect((await server.admin('POST', `/shipping/${orderNo}/simulate`, { scenario: 'customs_seized' })).status).toBe(409);
    const order = ctx().db.prepare('SELECT order_no FROM packages WHERE id = ?').pluck().get(pkg) as string;
    expect(orderStatus(ctx(), order)).toBe('completed');
  });

  it('simulate takes an Idempotency-Key: a retried loss answers as the first did and pays out once', async () => {
    const { orderNo, data } = await shipped({ insurance: true, declaredValue: 120 });
    const before = walletState(ctx(), 1).balance;
    const send = () =>
      request(`${server.running.origin}/api/v1/admin`, 'POST', `/shipping/${orderNo}/simulate`, {
        body: { scenario: 'lost_in_transit' },
        headers: { 'idempotency-key': `lost-${orderNo}` },
        bearer: server.running.core.adminToken,
      });
    const first = await send();
    const retry = await send();
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(retry.body).toEqual(first.body);
    expect(walletState(ctx(), 1).balance).toBe(before + 12_000 + Math.round(data.shippingFee * 100));
    expect(ctx().db.prepare("SELECT COUNT(*) FROM wallet_entries WHERE reference = ? AND type = 'insurance_payout'").pluck().get(orderNo)).toBe(1);
  });

  it('seized uninsured: nothing paid back', async () => {
    const { orderNo } = await shipped();
    const before = walletState(ctx(), 1).balance;
    const res = await server.admin('POST', `/shipping/${orderNo}/simulate`, { scenario: 'customs_seized' });
    expect(res.body.data).toMatchObject({ status: 'lost', insurancePayout: 0, exceptionReason: 'Seized by customs' });
    expect(res.body.data.events.at(-1)).toMatchObject({ code: 'shipping.customs_seized', params: { amount: 0, currency: 'CNY' }, description: 'Seized by customs; not insured: nothing paid back' });
    expect(walletState(ctx(), 1).balance).toBe(before);
  });

  it('customs hold: shipped -> exception -> shipped; a pending order cannot be held (409)', async () => {
    const pending = await server.api('POST', '/shipping/create', { body: body([packageOf(300)], 'ems') });
    expect((await server.admin('POST', `/shipping/${pending.body.data.orderNo}/simulate`, { scenario: 'customs_hold' })).status).toBe(409);
    const { orderNo } = await shipped();
    const held = await server.admin('POST', `/shipping/${orderNo}/simulate`, { scenario: 'customs_hold' });
    expect(held.body.data).toMatchObject({ status: 'exception', exceptionReason: expect.stringContaining('customs') });
    expect(held.body.data.events.at(-1)).toMatchObject({ status: 'exception', code: 'shipping.customs_hold', params: {}, description: 'Held by customs for inspection' });
    expect((await server.api('POST', `/shipping/orders/${orderNo}/confirm-delivery`)).status).toBe(409);
    expect(ctx().db.prepare("SELECT COUNT(*) FROM events WHERE type = 'shipping.exception'").pluck().get()).toBeGreaterThan(0);
    // The clearing step runs by the autopilot.
    await server.admin('PUT', '/autopilot', { pace: 'demo' });
    await server.admin('POST', '/clock/advance', { by: '1m' });
    await server.admin('PUT', '/autopilot', { pace: 'off' });
    expect(['shipped', 'delivered']).toContain((await server.api('GET', `/shipping/orders/${orderNo}`)).body.data.status);
  });

  it('Crossbuy-Scenario header programs the case; it fires at the transit step; unknown names 400', async () => {
    const spare = packageOf(300);
    await nothingWritten(
      () => server.api('POST', '/shipping/create', { body: body([spare], 'ems'), headers: { 'crossbuy-scenario': 'alien_abduction' } }),
      400,
      /unknown shipping scenario "alien_abduction"/,
    );
    const { orderNo, data } = await shipped({ insurance: true }, { 'Crossbuy-Scenario': 'lost_in_transit' });
    expect(data.scenarios).toEqual([{ name: 'lost_in_transit', firedAt: null }]);
    const delivered = await server.admin('POST', `/shipping/orders/${orderNo}/deliver`);
    expect(delivered.body.data).toMatchObject({ status: 'lost', scenarios: [{ name: 'lost_in_transit', firedAt: expect.any(String) }] });
    expect(delivered.body.data.insurancePayout).toBe(data.declaredValue + data.shippingFee);
  });

  it('every wallet still equals its ledger', () => {
    expect(auditLedger(ctx()).filter((a) => !a.ok)).toEqual([]);
  });
});

describe('storage (section 6)', () => {
  it('fees accrue after 90 days, are held with the shipping fee; alerts; disposal at 180 days', async () => {
    const kept = packageOf(500);
    const shippedLater = packageOf(500);
    await server.admin('PUT', '/autopilot', { pace: 'demo' });
    await server.admin('POST', '/clock/advance', { by: '91d' });
    const pkg = (await server.api('GET', `/warehouse/packages/${shippedLater}`)).body.data;
    expect(pkg.storageDays).toBe(91);
    expect(pkg.storageFee).toBe(0.5);
    expect(pkg.freeStorageDaysLeft).toBe(-1);
    const types = ctx().db.prepare("SELECT DISTINCT type FROM events WHERE type LIKE 'package.storage%'").pluck().all();
    expect(types).toEqual(expect.arrayContaining(['package.storage_expiring', 'package.storage_overdue']));
    await server.admin('PUT', '/autopilot', { pace: 'off' });
    const created = await server.api('POST', '/shipping/create', { body: body([shippedLater], 'ems') });
    expect(created.body.data.storageFees).toBe(0.5);
    expect(created.body.data.totalCharge).toBe(Math.round(created.body.data.shippingFee * 100 + 50) / 100);
    await server.admin('PUT', '/autopilot', { pace: 'demo' });
    await server.admin('POST', '/clock/advance', { by: '90d' });
    await server.admin('PUT', '/autopilot', { pace: 'off' });
    expect((await server.api('GET', `/warehouse/packages/${kept}`)).body.data.status).toBe('disposed');
  });
});

describe('CLI: crossbuy admin service-done | pack | simulate-shipping', () => {
  const run = promisify(execFile);
  const cli = (...args: string[]) => run(process.execPath, [resolve('bin/crossbuy.js'), 'admin', ...args, '--data', server.dataDir], { timeout: 30_000 });

  it('does the back office steps beside the running server', async () => {
    const pkg = packageOf(700);
    await server.api('POST', `/warehouse/packages/${pkg}/services`, { body: { serviceIds: ['moisture_barrier'] } });
    const req = ((await server.admin('GET', '/warehouse/service-requests?limit=200')).body.data as { requestId: number; packageId: number }[]).find((r) => r.packageId === pkg)!;
    expect((await cli('service-done', String(req.requestId))).stdout).toContain(`package ${pkg} now 750 g`);
    const r = (await server.api('POST', '/shipping/rehearsals', { body: { inventoryIds: [pkg] } })).body.data;
    expect(JSON.parse((await cli('pack', r.id, '--json')).stdout)).toMatchObject({ id: r.id, status: 'packed' });
    const so = (await server.api('POST', '/shipping/create', { body: body([pkg], 'ems', { rehearsalId: r.id }) })).body.data.orderNo;
    await cli('dispatch', so);
    expect((await cli('simulate-shipping', so, 'customs_hold')).stdout).toContain(`${so} exception`);
    expect((await cli('clear-exception', so)).stdout).toContain(`${so} shipped`);
    await expect(cli('simulate-shipping', so, 'alien_abduction')).rejects.toMatchObject({ stderr: expect.stringContaining('unknown scenario') });
  });
});
