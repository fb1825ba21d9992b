import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';

/**
 * Recording a session of a frozen world made with the demo data (worlds audit s14): the demo deposit is
 * stamped at the clock's start, which is the session's start too, and was taken for money given during the
 * session (an opening `adjust -10000` and a second "Demo deposit" step), so the replay's statement differed.
 * The recording also left the shipping scenarios' rates out of `settings.autopilot`.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read as JSON
const adminIn = (world: string, method: string, path: string, body?: unknown): Promise<ApiResponse> =>
  request(`${server.running.origin}/api/v1/admin`, method, path, { body, bearer: server.running.core.adminToken, headers: { 'crossbuy-world': world } });

async function createWorld(body: Record<string, unknown>) {
  const res = await server.admin('POST', '/worlds', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; key: { id: number; secret: string } };
}

describe('recording a session of a frozen demo world', () => {
  it('adds no wallet step for the demo money, keeps every scenario rate, and replays to the same statement', async () => {
    const clockStart = '2026-05-01T08:00:00Z';
    const original = await createWorld({ id: 'w_recdemo0001', seed: 22, clockStart });
    expect((await adminIn(original.id, 'PUT', '/autopilot', { scenarioRates: { lost_in_transit: 0.5, customs_seized: 0.1 } })).status).toBe(200);
    const key = original.key.secret;
    const product = (await server.api('GET', '/products/search?q=hoodie&limit=1', { key })).body.data.items[0] as Json;
    const line = { productId: String(product.id), skuId: product.skus[0].skuId, quantity: 1 };
    expect((await server.api('POST', '/cart/items', { key, body: line })).status).toBe(201);
    expect((await server.api('POST', '/orders', { key, body: { items: [line] } })).status).toBe(201);

    let file: Json = null;
    for (let tries = 0; tries < 50 && !(file?.steps?.length >= 2); tries++) {
      await new Promise((r) => setTimeout(r, 50));
      const res = await adminIn(original.id, 'GET', `/requests/world-file?keyId=${original.key.id}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      file = res.body.data;
    }
    expect(file).toMatchObject({ seed: 22, demo: true });
    const wallet = file.steps.filter((s: Json) => typeof s.call === 'string' && s.call.startsWith('POST /admin/wallet/'));
    expect(wallet).toEqual([]);
    expect(file.settings.autopilot.scenarioRates).toMatchObject({ lost_in_transit: 0.5, customs_seized: 0.1, customs_hold: expect.any(Number), price_increase: expect.any(Number) });

    const replay = await createWorld({ id: 'w_recdemo0002', seed: 22, file });
    const statement = async (secret: string) => (await server.api('GET', '/user/wallet/transactions?limit=50', { key: secret })).body.data;
    expect(await statement(replay.key.secret)).toEqual(await statement(key));
    expect((await adminIn(replay.id, 'GET', '/autopilot')).body.data).toEqual((await adminIn(original.id, 'GET', '/autopilot')).body.data);
  });
});
