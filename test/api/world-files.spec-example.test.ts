import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyWorldFile } from '../../src/main/core/worlds/file/apply.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The example world file of worlds.md section 2 (`returns-demo`), kept byte for byte in
 * world-files.spec-example.json (and compared with the spec when a copy of it is beside the repository:
 * CROSSBUY_SPEC_DIR, default ../shared/spec).
 *
 * As written it does not run on this build's catalog: it deposits 800.00 and orders two of the first
 * `hoodie` the search finds, with the first SKU. That is product 132 "Heavyweight Hoodie" at 458.10:
 * 2 x 458.10 = 916.20, plus the 5% service fee (decisions.md) 45.81 = 962.01, so the order is a 402. The
 * example assumes a hoodie of at most 380.95 (2 x p x 1.05 <= 800); no hoodie of the seeded catalog is
 * (the other, product 73, starts at 391.40: 821.94 for two), so no search order or SKU choice makes it
 * run. Everything else in it runs as written (the literal `itemId: 1`, the return's 201, the 400).
 */
const SPEC_DIR = process.env.CROSSBUY_SPEC_DIR ?? join(import.meta.dirname, '..', '..', '..', 'shared', 'spec');
const EXAMPLE_TEXT = readFileSync(join(import.meta.dirname, 'world-files.spec-example.json'), 'utf8');
const example = () => JSON.parse(EXAMPLE_TEXT) as { steps: { body?: { amount?: number } }[] };

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

  // A known gap between the example and the seeded catalog (above), pinned: when the two agree this fails,
  // and the example should then run as written.
  it('as written, only its money falls short: the order is a 402 for 962.01 against 800.00', async () => {
    const res = await server.admin('POST', '/worlds', { file: example() });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^steps\[2\] "order" \(POST \/open\/orders\) failed .* 402 .*Required: 962\.01 CNY\. Available: 800\.00 CNY/);
  });

  it('with the deposit raised to cover two hoodies and the fee, every other step runs as written', async () => {
    const file = example();
    file.steps[0]!.body!.amount = 1000;
    const res = await server.admin('POST', '/worlds', { file });
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
    const orders = (await server.api('GET', '/orders', { key })).body.data.items as { orderNo: string; totalAmount: number }[];
    expect(orders).toHaveLength(1);
    expect(orders[0]!.totalAmount).toBe(962.01);
    expect((await server.api('GET', `/orders/${orders[0]!.orderNo}/returns`, { key })).body.data).toEqual([expect.objectContaining({ itemId: 1, status: 'requested', reason: 'wrong colour' })]);
  });
});
