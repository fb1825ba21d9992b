import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../src/main/core/auth/api-keys.js';
import type { ServiceClock } from '../../../src/main/core/shared/service-clock.js';
import { createArrivedOrder, createUser, type ArrivedOrder } from '../../helpers/fixtures.js';
import { startTestServer, tableCounts, type TestServer } from '../../helpers/server.js';

let server: TestServer;
let first: ArrivedOrder;
let second: ArrivedOrder;
let otherUserPackage: number;

const PACKAGE_KEYS = [
  'id', 'productName', 'weight', 'status', 'orderId', 'inspectionPhotos', 'arrivedAt', 'storageDays', 'quantity', 'cargoType', 'shippingOrderNo',
  // v1.1 sections 4 and 6
  'services', 'storageFee', 'freeStorageDaysLeft', 'freeStorageUntil', 'disposalAt',
].sort();

const SHIP_TO_US = {
  logisticsChannelId: 'air-sensitive',
  recipientName: 'Ann Lee',
  recipientPhone: '+1 212 555 0100',
  recipientCountry: 'US',
  recipientCity: 'New York',
  recipientAddress: '1 Main St',
  recipientZipCode: '10001',
};

beforeAll(async () => {
  server = await startTestServer();
  const ctx = server.running.core.ctx;
  first = createArrivedOrder(ctx, { lines: [{ quantity: 2 }, { cargoType: 'battery' }] });
  second = createArrivedOrder(ctx, { lines: [{ cargoType: 'sensitive' }], inspectedWeightGrams: 321 });
  const other = createUser(ctx, 'someone-else');
  otherUserPackage = createArrivedOrder(ctx, { userId: other }).packageIds[0]!;
});
afterAll(() => server.close());

describe('warehouse packages', () => {
  it('an order weighed at the inspection: its packages add up to that weight (six lines at 1,000 g are 1,000 g, not 1,002)', async () => {
    const ctx = server.running.core.ctx;
    const order = createArrivedOrder(ctx, { userId: createUser(ctx, 'weighed'), lines: Array.from({ length: 6 }, () => ({})), inspectedWeightGrams: 1_000 });
    const weights = ctx.db.prepare(`SELECT weight_g FROM packages WHERE id IN (${order.packageIds.join(',')})`).pluck().all() as number[];
    expect(weights).toHaveLength(6);
    expect(weights.reduce((a, b) => a + b, 0)).toBe(1_000);
  });

  it('starts empty for a user without packages', async () => {
    const ctx = server.running.core.ctx;
    const lonely = createUser(ctx, 'lonely');
    const key = createApiKey(ctx, { name: 't', scopes: ['warehouse:read'], userId: lonely, rateLimit: 10_000 }).key;
    expect((await server.api('GET', '/warehouse/packages', { key })).body).toEqual({ data: { items: [], total: 0, page: 1, limit: 20 } });
    expect((await server.api('GET', '/warehouse/packages/stats', { key })).body).toEqual({
      data: { total: 0, inWarehouse: 0, shipped: 0, totalWeight: 0, packing: 0, delivered: 0, inWarehouseWeight: 0 },
    });
  });

  it('lists the user\'s packages, newest first, with the contract fields', async () => {
    const res = await server.api('GET', '/warehouse/packages');
    expect(res.status).toBe(200);
    const { items, total, page, limit } = res.body.data;
    expect({ total, page, limit }).toEqual({ total: 3, page: 1, limit: 20 });
    expect(items.map((p: { id: number }) => p.id)).toEqual([second.packageIds[0], first.packageIds[1], first.packageIds[0]]);
    for (const p of items) expect(Object.keys(p).sort()).toEqual(PACKAGE_KEYS);
    const pkg = items.find((p: { id: number }) => p.id === first.packageIds[0]);
    expect(pkg).toMatchObject({ status: 'in_warehouse', orderId: first.orderNo, quantity: 2, cargoType: 'general', shippingOrderNo: null, storageDays: 0 });
    expect(pkg.arrivedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(pkg.inspectionPhotos).toEqual([
      `${server.running.origin}/media/inspection/${first.orderNo}/0.svg`,
      `${server.running.origin}/media/inspection/${first.orderNo}/1.svg`,
    ]);
    // The photo URL is served by the service itself.
    const photo = await fetch(pkg.inspectionPhotos[0]);
    expect(photo.status).toBe(200);
    // The inspected weight is split over the lines; a one-line order gets all of it.
    expect(items[0]).toMatchObject({ weight: 321, cargoType: 'sensitive' });
  });

  it('paginates', async () => {
    const res = await server.api('GET', '/warehouse/packages?page=2&limit=2');
    expect(res.body.data).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(res.body.data.items.map((p: { id: number }) => p.id)).toEqual([first.packageIds[0]]);
    expect((await server.api('GET', '/warehouse/packages?page=9&limit=2')).body.data.items).toEqual([]);
  });

  it.each(['page=0', 'limit=0', 'limit=101', 'page=x', 'status=misplaced'])('400 for ?%s', async (query) => {
    const before = tableCounts(server);
    const res = await server.api('GET', `/warehouse/packages?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(query.split('=')[0]);
    expect(tableCounts(server)).toEqual(before);
  });

  it('reads one package; 404 for unknown or another user\'s; 400 for a non-id', async () => {
    const one = await server.api('GET', `/warehouse/packages/${first.packageIds[1]}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: first.packageIds[1], cargoType: 'battery', quantity: 1, orderId: first.orderNo });
    for (const id of [999_999, otherUserPackage]) {
      const res = await server.api('GET', `/warehouse/packages/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: `Package ${id} not found` });
    }
    expect((await server.api('GET', '/warehouse/packages/abc')).status).toBe(400);
  });

  it('counts storage days on the service clock', async () => {
    const clock = server.running.core.ctx.clock as ServiceClock;
    clock.advanceBy(3 * 86_400_000 - 60_000);
    expect((await server.api('GET', `/warehouse/packages/${first.packageIds[0]}`)).body.data.storageDays).toBe(2);
    clock.advanceBy(120_000);
    expect((await server.api('GET', `/warehouse/packages/${first.packageIds[0]}`)).body.data.storageDays).toBe(3);
  });

  it('stats, shippable and the status filter follow shipping orders', async () => {
    const stats0 = (await server.api('GET', '/warehouse/packages/stats')).body.data;
    const weights = (await server.api('GET', '/warehouse/packages')).body.data.items.reduce((s: number, p: { weight: number }) => s + p.weight, 0);
    expect(stats0).toEqual({ total: 3, inWarehouse: 3, shipped: 0, totalWeight: weights, packing: 0, delivered: 0, inWarehouseWeight: weights });

    const created = await server.api('POST', '/shipping/create', {
      body: { ...SHIP_TO_US, items: [{ inventoryId: first.packageIds[0], quantity: 2 }, { inventoryId: first.packageIds[1], quantity: 1 }] },
    });
    expect(created.status).toBe(201);
    const orderNo = created.body.data.orderNo;

    const shippable = await server.api('GET', '/warehouse/packages/shippable');
    expect(shippable.body.data).toMatchObject({ total: 1, page: 1, limit: 20 });
    expect(shippable.body.data.items.map((p: { id: number }) => p.id)).toEqual([second.packageIds[0]]);
    const packing = await server.api('GET', '/warehouse/packages?status=packing');
    expect(packing.body.data.items.map((p: { shippingOrderNo: string }) => p.shippingOrderNo)).toEqual([orderNo, orderNo]);
    const stats1 = (await server.api('GET', '/warehouse/packages/stats')).body.data;
    expect(stats1).toMatchObject({ total: 3, inWarehouse: 1, packing: 2, shipped: 0, delivered: 0, totalWeight: weights, inWarehouseWeight: weights });

    expect((await server.admin('POST', `/shipping/orders/${orderNo}/dispatch`, { trackingNo: 'YT1234567890' })).status).toBe(200);
    const stats2 = (await server.api('GET', '/warehouse/packages/stats')).body.data;
    expect(stats2).toMatchObject({ total: 3, inWarehouse: 1, packing: 0, shipped: 2, delivered: 0 });
    expect(stats2.inWarehouseWeight).toBe(shippable.body.data.items[0].weight);
    expect((await server.api('GET', '/warehouse/packages?status=shipped')).body.data.total).toBe(2);

    expect((await server.api('POST', `/shipping/orders/${orderNo}/confirm-delivery`)).status).toBe(200);
    const stats3 = (await server.api('GET', '/warehouse/packages/stats')).body.data;
    expect(stats3).toMatchObject({ total: 3, inWarehouse: 1, packing: 0, shipped: 0, delivered: 2, totalWeight: weights });
    const delivered = (await server.api('GET', `/warehouse/packages/${first.packageIds[0]}`)).body.data;
    expect(delivered).toMatchObject({ status: 'delivered', shippingOrderNo: orderNo });
    // shippable takes the page parameters too
    expect((await server.api('GET', '/warehouse/packages/shippable?limit=0')).status).toBe(400);
  });

  it('needs warehouse:read', async () => {
    const key = server.makeKey(['shipping:read']);
    for (const path of ['/warehouse/packages', '/warehouse/packages/stats', '/warehouse/packages/shippable', `/warehouse/packages/${first.packageIds[0]}`]) {
      const res = await server.api('GET', path, { key });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Insufficient scope. Required: warehouse:read. Your key has: shipping:read');
    }
  });
});
