import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashText } from '../../../src/main/core/shared/random.js';
import { drawShareBp, packingShare } from '../../../src/main/core/shipping/packed-weight.js';
import { writeFigures } from '../../../src/main/core/warehouse/figures.js';
import { createArrivedOrder, US_RECIPIENT } from '../../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * extensions.md section 10: "At dispatch (or when a rehearsal is packed) the warehouse weighs ... Packing adds
 * box and filler: by default 6-12% over the packages' summed weight (drawn per shipping order), less with
 * remove_packaging, more with reinforce." A rehearsal packs by the rule of dispatch: the operator's figures,
 * the same services adjustments, a deterministic draw (a hash of the rehearsal id, as dispatch hashes the
 * order number).
 */
let server: TestServer;
const ctx = () => server.running.core.ctx;

const packageOf = (weight: number) => createArrivedOrder(ctx(), { lines: [{}], inspectedWeightGrams: weight }).packageIds[0]!;
const weightOf = (id: number) => ctx().db.prepare('SELECT weight_g FROM packages WHERE id = ?').pluck().get(id) as number;
/** The rule of section 10 for these goods and figures: goods + the drawn share, rounded up to a gram. */
const expected = (goods: number, minBp: number, maxBp: number, subject: string, services = { removePackaging: false, reinforce: false }) =>
  goods + Math.ceil((goods * drawShareBp(packingShare({ minBp, maxBp }, services), hashText(`packing:${subject}`) / 2 ** 32)) / 10_000);

async function rehearse(ids: number[]) {
  const res = await server.api('POST', '/shipping/rehearsals', { body: { inventoryIds: ids } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const packed = await server.admin('POST', `/shipping/rehearsals/${res.body.data.id}/pack`);
  expect(packed.status, JSON.stringify(packed.body)).toBe(200);
  return packed.body.data as { id: string; packedWeight: number; length: number; width: number; height: number };
}

async function serviceDone(packageId: number, serviceId: string) {
  const res = await server.api('POST', `/warehouse/packages/${packageId}/services`, { body: { serviceIds: [serviceId] } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const req = ((await server.admin('GET', '/warehouse/service-requests?limit=200')).body.data as { requestId: number; packageId: number }[]).find((x) => x.packageId === packageId)!;
  expect((await server.admin('POST', `/warehouse/service-requests/${req.requestId}/done`)).status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer();
  await server.admin('PUT', '/autopilot', { pace: 'off' });
  await server.admin('POST', '/wallet/deposit', { amount: 100_000 });
});
afterAll(() => server.close());

describe('rehearsal packing follows the packing rule of dispatch (section 10)', () => {
  it('adds the operator figures share, the same weight a dispatch of the same goods packs to', async () => {
    writeFigures(ctx(), { packingMinBp: 1000, packingMaxBp: 1000 });
    const r = await rehearse([packageOf(900), packageOf(700)]);
    expect(r.packedWeight).toBe(1600 + 160);

    const plain = packageOf(1600);
    const created = await server.api('POST', '/shipping/create', { body: { items: [{ inventoryId: plain, quantity: 1 }], logisticsChannelId: 'economy-line', ...US_RECIPIENT } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await server.admin('POST', `/shipping/orders/${created.body.data.orderNo}/dispatch`, {});
    expect((await server.api('GET', `/shipping/orders/${created.body.data.orderNo}`)).body.data.packedWeight).toBe(r.packedWeight);
  });

  it('draws within the default 6-12% per rehearsal, deterministically from its id', async () => {
    writeFigures(ctx(), { packingMinBp: 600, packingMaxBp: 1200 });
    for (const goods of [602, 1040, 8733]) {
      const r = await rehearse([packageOf(goods)]);
      expect(r.packedWeight).toBe(expected(goods, 600, 1200, r.id));
      expect(r.packedWeight).toBeGreaterThanOrEqual(goods + Math.ceil((goods * 600) / 10_000));
      expect(r.packedWeight).toBeLessThanOrEqual(goods + Math.ceil((goods * 1200) / 10_000));
    }
  });

  it('less with remove_packaging done, more with reinforce done', async () => {
    writeFigures(ctx(), { packingMinBp: 1000, packingMaxBp: 1000 });
    const bare = packageOf(2000);
    await serviceDone(bare, 'remove_packaging');
    const bareGoods = weightOf(bare);
    expect((await rehearse([bare])).packedWeight).toBe(bareGoods + Math.ceil((bareGoods * 500) / 10_000));

    const strong = packageOf(2000);
    await serviceDone(strong, 'reinforce');
    const strongGoods = weightOf(strong);
    expect((await rehearse([strong])).packedWeight).toBe(strongGoods + Math.ceil((strongGoods * 1400) / 10_000));
  });

  it('the tests default (0%) packs the goods alone', async () => {
    writeFigures(ctx(), { packingMinBp: 0, packingMaxBp: 0 });
    expect((await rehearse([packageOf(750)])).packedWeight).toBe(750);
  });
});
