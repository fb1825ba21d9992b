import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tableCounts, type TestServer } from '../../helpers/server.js';

let server: TestServer;

interface Found {
  id: number;
  platformItemId: string;
  skus: { skuId: string; name: string; stock: number }[];
}

let multi: Found;
let single: Found | undefined;

beforeAll(async () => {
  server = await startTestServer();
  const items = (await server.api('GET', '/products/platform/weidian/search?q=hoodie&limit=20')).body.data.items as Found[];
  multi = items.find((p) => p.skus.length > 2 && new Set(p.skus.map((s) => s.name)).size === p.skus.length)!;
  const more = (await server.api('GET', '/products/platform/taobao/search?q=mug&limit=20')).body.data.items as Found[];
  single = [...items, ...more].find((p) => p.skus.length === 1);
});
afterAll(() => server.close());

const wd = (id: string) => `https://weidian.com/item.html?itemID=${id}`;
const importText = (text: string, headers: Record<string, string> = {}, defaultQuantity?: number) =>
  server.api('POST', '/cart/import', { body: { text, ...(defaultQuantity ? { defaultQuantity } : {}) }, headers });

describe('POST /cart/import', () => {
  it('adds what it can resolve and explains every other line', async () => {
    await server.api('DELETE', '/cart');
    const sku = multi.skus[1]!;
    const [colour, size] = sku.name.split(' / ');
    const text = [
      `Name\tLink\tQty\tColour\tSize`,
      `Hoodie\t${wd(multi.platformItemId)}\t2\t${colour}\t${size ?? ''}`,
      `https://www.kakobuy.com/item/details?url=${encodeURIComponent(wd(multi.platformItemId))} x3 ${colour} ${size ?? ''}`,
      `${wd(multi.platformItemId)}`,
      `https://example.com/not-a-product`,
      `https://item.taobao.com/item.htm?id=12345678`,
    ].join('\n');
    const res = await importText(text);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { added, lines } = res.body.data;
    expect(added).toBe(1);
    expect(lines.map((l: { line: number; status: string }) => [l.line, l.status])).toEqual([
      [1, 'unsupported'],
      [2, 'added'],
      [3, 'duplicate'],
      [4, 'needs_sku'],
      [5, 'unsupported'],
      [6, 'not_found'],
    ]);
    expect(lines[1]).toMatchObject({ productId: multi.id, skuId: sku.skuId, quantity: 2, cartItemId: expect.any(Number) });
    const cart = (await server.api('GET', '/cart')).body.data;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ id: lines[1].cartItemId, skuId: sku.skuId, quantity: 2 });
    for (const l of lines) expect(l.message.length).toBeGreaterThan(0);
  });

  it('a single-SKU product needs no hint; defaultQuantity applies; an Idempotency-Key retry adds nothing twice', async () => {
    if (!single) throw new Error('no single-SKU product in the simulated catalog');
    await server.api('DELETE', '/cart');
    const { platform } = (await server.api('GET', `/products/${single.id}`)).body.data;
    // An agent's link (CNFans) of the item, whichever marketplace it is on.
    const text = `https://cnfans.com/product?id=${single.platformItemId}&platform=${platform === 'weidian' ? 'WEIDIAN' : 'TAOBAO'}`;
    const headers = { 'Idempotency-Key': 'import-1' };
    const first = await importText(text, headers, 3);
    expect(first.body.data.lines[0]).toMatchObject({ status: 'added', quantity: 3 });
    const again = await importText(text, headers, 3);
    expect(again.body).toEqual(first.body);
    expect((await server.api('GET', '/cart')).body.data.items[0].quantity).toBe(3);
    expect((await importText(text, headers, 4)).status).toBe(422);
  });

  it('a replayed answer carries Idempotent-Replayed: true, and only a replayed one (docs/API.md General)', async () => {
    await server.api('DELETE', '/cart');
    const text = `${wd(multi.platformItemId)} ${multi.skus[0]!.name.split(' / ').join(' ')}`;
    const plain = await importText(text);
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.headers.get('idempotent-replayed')).toBeNull();
    await server.api('DELETE', '/cart');

    const headers = { 'Idempotency-Key': 'import-replay-header' };
    const first = await importText(text, headers);
    expect(first.status).toBe(200);
    expect(first.body.data.lines[0]).toMatchObject({ status: 'added', quantity: 1 });
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await importText(text, headers);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await server.api('GET', '/cart')).body.data.items.map((i: { quantity: number }) => i.quantity)).toEqual([1]);

    // Two at once with a fresh key: one runs, the other is its answer replayed (whichever check finds it).
    await server.api('DELETE', '/cart');
    const both = await Promise.all([importText(text, { 'Idempotency-Key': 'import-race' }), importText(text, { 'Idempotency-Key': 'import-race' })]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.headers.get('idempotent-replayed')).sort()).toEqual([null, 'true'].sort());
    expect(both[1]!.body).toEqual(both[0]!.body);
    expect((await server.api('GET', '/cart')).body.data.items.map((i: { quantity: number }) => i.quantity)).toEqual([1]);
  });

  it('more than 500 lines is a 400 and writes nothing; needs cart:write', async () => {
    const counts = tableCounts(server);
    const tooMany = await importText(Array.from({ length: 501 }, () => wd(multi.platformItemId)).join('\n'));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('500');
    expect((await importText('   \n  ')).status).toBe(400);
    expect((await server.api('POST', '/cart/import', { body: {} })).status).toBe(400);
    expect(tableCounts(server)).toEqual(counts);
    const denied = await server.api('POST', '/cart/import', { key: server.makeKey(['cart:read']), body: { text: 'x' } });
    expect(denied.status).toBe(403);
  });
});
