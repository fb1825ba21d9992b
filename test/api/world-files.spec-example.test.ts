import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyWorldFile } from '../../src/main/core/worlds/file/apply.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The example world file of worlds.md section 2 (`returns-demo`), kept byte for byte in
 * world-files.spec-example.json (and compared with the spec when a copy of it is beside the repository:
 * CROSSBUY_SPEC_DIR, default ../shared/spec). It deposits 800.00 and orders two of the first `hoodie` the
 * search finds, with its first SKU: it runs as written because the seeded catalog prices hoodies as a
 * marketplace does (59-259 CNY before the platform's factor), so two and the 5% service fee stay under 800.
 */
const SPEC_DIR = process.env.CROSSBUY_SPEC_DIR ?? join(import.meta.dirname, '..', '..', '..', 'shared', 'spec');
const EXAMPLE_TEXT = readFileSync(join(import.meta.dirname, 'world-files.spec-example.json'), 'utf8');
const example = () => JSON.parse(EXAMPLE_TEXT) as object;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ applyFile: applyWorldFile });
});
afterAll(() => server.close());

describe('the world file example of worlds.md section 2', () => {
  it.skipIf(!existsSync(join(SPEC_DIR, 'worlds.md')))('is kept here as the spec writes it', () => {
    const spec = readFileSync(join(SPEC_DIR, 'worlds.md'), 'utf8');
    const block = /^## 2\. World files\n[\s\S]*?^```json\n([\s\S]*?)^```/m.exec(spec);
    expect(block?.[1]).toBe(EXAMPLE_TEXT);
  });

  it('runs as written: funded, ordered with the QC scenario, a return requested, the bad quantity a 400', async () => {
    const res = await server.admin('POST', '/worlds', { file: example() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const steps = res.body.data.steps as { index: number; name: string | null; status: number | null }[];
    expect(steps.map((s) => [s.index, s.name, s.status])).toEqual([
      [-1, null, null],
      [0, 'fund', 201],
      [1, 'hoodie', 200],
      [2, 'order', 201],
      [3, null, 200],
      [4, null, 200],
      [5, null, 201],
      [6, null, 400],
    ]);
    const key = res.body.data.key.secret as string;
    const hoodie = (await server.api('GET', '/products/search?q=hoodie&limit=1', { key })).body.data.items[0] as { skus: { price: number }[] };
    const subtotal = Math.round(hoodie.skus[0]!.price * 100) * 2;
    const orders = (await server.api('GET', '/orders', { key })).body.data.items as { orderNo: string; totalAmount: number }[];
    expect(orders).toHaveLength(1);
    expect(orders[0]!.totalAmount).toBe((subtotal + Math.round(subtotal * 0.05)) / 100);
    expect(orders[0]!.totalAmount).toBeLessThanOrEqual(800);
    expect((await server.api('GET', `/orders/${orders[0]!.orderNo}/returns`, { key })).body.data).toEqual([expect.objectContaining({ itemId: 1, status: 'requested', reason: 'wrong colour' })]);
  });
});
