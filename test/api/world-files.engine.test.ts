import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { applyWorldFile, WorldFileError, type WorldTarget } from '../../src/main/core/worlds/file/apply.js';
import { worldFileSchemaText } from '../../src/main/core/worlds/file/json-schema.js';
import { inlineIncludes } from '../../src/main/core/worlds/file/load.js';
import { ApiError } from '../../src/main/core/shared/errors.js';
import { tableCounts, type TestServer } from '../helpers/server.js';
import { startWorldFileServer, targetOf, WORLDS_DIR } from '../helpers/world-file.js';

let server: TestServer;
let target: WorldTarget;
let dir: string;
beforeAll(async () => {
  server = await startWorldFileServer();
  target = await targetOf(server);
  dir = mkdtempSync(join(tmpdir(), 'crossbuy-worldfiles-'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const world = (steps: unknown[], extra: Record<string, unknown> = {}) => ({ crossbuyWorld: 1, steps, ...extra });
const search = { name: 'hoodie', call: 'GET /open/products/search', query: { q: 'hoodie', limit: 1 } };
const line = { productId: '${hoodie.data.items[0].id}', skuId: '${hoodie.data.items[0].skus[0].skuId}', quantity: 1 };

async function failure(file: unknown, options = {}): Promise<ApiError> {
  const error = await applyWorldFile(target, file, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('applying a world file', () => {
  it('runs the spec example: references typed by the route, expect, advance, a 400 expected', async () => {
    const file = world(
      [
        { name: 'fund', call: 'POST /admin/wallet/deposit', body: { amount: 800 } },
        search,
        { name: 'order', call: 'POST /open/orders', body: { items: [{ ...line, quantity: 1 }] }, scenario: 'qc_issue' },
        { call: 'POST /admin/orders/${order.data.orderNo}/advance', body: { to: 'in_warehouse' } },
        { advance: '2d' },
        { name: 'ret', call: 'POST /open/orders/${order.data.orderNo}/returns', body: { itemId: '${order.data.items[0].itemId}', type: 'return', reason: 'wrong colour' }, expect: 201 },
        { call: 'POST /open/orders', body: { items: [{ ...line, quantity: 0 }] }, expect: { status: 400 } },
      ],
      { name: 'returns-demo', seed: 42, clockStart: '2026-03-02T09:00:00Z', settings: { autopilot: { pace: 'off' } } },
    );
    const clockBefore = Date.parse((await server.admin('GET', '/clock')).body.data.now);
    const result = await applyWorldFile(target, file, {});
    expect(result.steps.map((s) => [s.index, s.name, s.status])).toEqual([
      [-1, null, null],
      [0, 'fund', 201],
      [1, 'hoodie', 200],
      [2, 'order', 201],
      [3, null, 200],
      [4, null, 200],
      [5, 'ret', 201],
      [6, null, 400],
    ]);
    const orderNo = (result.answers.order as { data: { orderNo: string } }).data.orderNo;
    expect((await server.api('GET', `/orders/${orderNo}/returns`)).body.data).toEqual([expect.objectContaining({ status: 'requested', reason: 'wrong colour' })]);
    expect(Date.parse((await server.admin('GET', '/clock')).body.data.now) - clockBefore).toBeGreaterThanOrEqual(2 * 86_400_000);
    // the steps went through HTTP's route table: the open ones are in the request log under the file's key
    await new Promise((r) => setTimeout(r, 100));
    const log = ((await server.admin('GET', `/requests?path=/api/v1/open/orders`)).body.data.items as { method: string; key: { name: string } | null }[]).filter((e) => e.method === 'POST');
    expect(log.length).toBeGreaterThanOrEqual(3);
    expect(log.map((entry) => entry.key?.name)).toEqual(log.map(() => 'world file'));
  });

  it('a reference to an unknown or later step is a 422 naming both, before anything runs', async () => {
    const before = tableCounts(server);
    const error = await failure(world([{ name: 'fund', call: 'POST /admin/wallet/deposit', body: { amount: 5 } }, { call: 'POST /open/orders', body: { items: [line] } }, search]));
    expect(error.statusCode).toBe(422);
    expect(error.message).toMatch(/steps\[1\]/);
    expect(error.message).toContain('hoodie');
    expect(tableCounts(server)).toEqual(before);
    const vars = await failure(world([{ call: 'POST /admin/wallet/deposit', body: { amount: '${vars.missing}' } }], { vars: { amount: 1 } }));
    expect(vars.message).toMatch(/steps\[0\].*vars\.missing/);
  });

  it('a step that sets the caller or the world (Authorization, Crossbuy-World) is a 422 before anything runs', async () => {
    const before = tableCounts(server);
    const fund = { name: 'fund', call: 'POST /admin/wallet/deposit', body: { amount: 5 } };
    const elsewhere = await failure(world([fund, { name: 'elsewhere', call: 'POST /admin/wallet/deposit', body: { amount: 5 }, headers: { 'Crossbuy-World': 'w_another_one' } }]));
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.message).toMatch(/steps\[1\] "elsewhere".*Crossbuy-World/);
    const key = await failure(world([fund, { call: 'GET /open/cart', headers: { authorization: 'Bearer sk-someone-else' } }]));
    expect(key.message).toMatch(/steps\[1\].*authorization/);
    expect(tableCounts(server)).toEqual(before);
  });

  it('a path missing from an answer is a 422 naming the step and the path', async () => {
    const error = await failure(world([search, { name: 'product', call: 'GET /open/products/${hoodie.data.items[7].id}' }]));
    expect(error).toBeInstanceOf(WorldFileError);
    expect(error.message).toMatch(/steps\[1\] "product".*hoodie\.data\.items\[7\]\.id.*missing/);
    expect((error as WorldFileError).step).toMatchObject({ index: 1, name: 'product' });
  });

  it('a step answered otherwise than expected: 422 with its name, index and the answer', async () => {
    const error = (await failure(world([search, { name: 'tooMany', call: 'POST /open/orders', body: { items: [{ ...line, quantity: 0 }] } }]))) as WorldFileError;
    expect(error.statusCode).toBe(422);
    expect(error.message).toMatch(/steps\[1\] "tooMany" \(POST \/open\/orders\).*400.*quantity/);
    expect(error.step).toMatchObject({ index: 1, name: 'tooMany', answer: { statusCode: 400 } });
    const code = (await failure(world([{ call: 'GET /open/orders/PO404', expect: { status: 404, code: 'nope' } }]))) as WorldFileError;
    expect(code.message).toMatch(/code nope/);
  });

  it('unknown fields and a wrong version are 400s naming the field', async () => {
    expect((await failure(world([{ call: 'GET /open/cart', bdoy: {} }]))).statusCode).toBe(400);
    const extra = await failure({ ...world([]), colour: 'red' });
    expect(extra.statusCode).toBe(400);
    expect(extra.message).toContain('colour');
    expect((await failure({ crossbuyWorld: 2, steps: [] })).statusCode).toBe(400);
    expect((await failure(world([{ call: 'FETCH /open/cart' }]))).statusCode).toBe(400);
  });

  it('a step that fails is worded as its own kind (told by call, advance, until or include), saying what was expected', async () => {
    const cases: [unknown, string][] = [
      [{ advance: '2 days' }, 'world file: steps[0].advance has an invalid format (expected a duration: 90s, 45m, 12h, 3d, 2w)'],
      [{ call: 'GET /products/search' }, 'world file: steps[0].call has an invalid format (expected METHOD and path under /api/v1: "POST /open/orders", "POST /admin/orders/${order.data.orderNo}/advance")'],
      [{ wait: '2d' }, 'world file: steps[0] must be a step: an object with call, advance, until or include'],
      [{ call: 'GET /open/cart', advance: '2d' }, 'world file: steps[0].advance is not a known field'],
      [{ until: { call: 'GET /open/cart', path: 'data', equals: 1 }, advanceStep: '1x', max: '2d' }, 'world file: steps[0].advanceStep has an invalid format (expected a duration: 90s, 45m, 12h, 3d, 2w)'],
    ];
    for (const [step, message] of cases) {
      const error = await failure(world([step]));
      expect(error.statusCode).toBe(400);
      expect(error.message).toBe(message);
    }
    expect((await failure({ ...world([]), clockStart: '2026-03-02T09:00:00' })).message).toBe(
      'world file: clockStart must be an ISO 8601 date and time with its offset (Z or ±hh:mm), e.g. 2026-03-02T09:00:00Z',
    );
  });

  it('vars are read whole and inside text, and the caller overrides them', async () => {
    const file = world([{ name: 'dep', call: 'POST /admin/wallet/deposit', body: { amount: '${vars.amount}', note: 'for ${vars.who}' } }], { vars: { amount: 1, who: 'ann' } });
    const { answers } = await applyWorldFile(target, file, { vars: { amount: 7 } });
    expect((answers.dep as { data: { amount: number } }).data.amount).toBe(7);
  });

  it('until advances the clock until the condition holds, and fails when max passes first', async () => {
    const steps = [
      { call: 'PUT /admin/autopilot', body: { pace: 'realistic', refundRate: 0 } },
      { call: 'POST /admin/wallet/deposit', body: { amount: 1000 } },
      search,
      { name: 'order', call: 'POST /open/orders', body: { items: [line] } },
      { name: 'arrived', until: { call: 'GET /open/orders/${order.data.orderNo}', path: 'data.status', equals: 'in_warehouse' }, advanceStep: '1d', max: '30d' },
      { call: 'PUT /admin/autopilot', body: { pace: 'off' } },
    ];
    const { steps: results, answers } = await applyWorldFile(target, world(steps), {});
    expect((answers.arrived as { data: { status: string } }).data.status).toBe('in_warehouse');
    expect(results.find((r) => r.name === 'arrived')!.advancedMs).toBeGreaterThan(0);
    const never = (await failure(
      world([search, { name: 'o', call: 'POST /open/orders', body: { items: [line] } }, { until: { call: 'GET /open/orders/${o.data.orderNo}', path: 'data.status', equals: 'completed' }, advanceStep: '1d', max: '2d' }]),
    )) as WorldFileError;
    expect(never.statusCode).toBe(422);
    expect(never.message).toMatch(/steps\[2\].*within 2d/);
    // a condition polled every second for a year: 422 before anything runs (it would run for hours)
    const before = tableCounts(server);
    const endless = await failure(world([search, { name: 'o', call: 'POST /open/orders', body: { items: [line] } }, { until: { call: 'GET /open/orders/${o.data.orderNo}', path: 'data.status', equals: 'completed' }, advanceStep: '1s', max: '52w' }]));
    expect(endless.statusCode).toBe(422);
    expect(endless.message).toMatch(/steps\[2\].*10000 advances of 1s/);
    expect(tableCounts(server)).toEqual(before);
  });

  it('include reads a file beside this one; a file without a folder (over HTTP) cannot include', async () => {
    writeFileSync(join(dir, 'base.json'), JSON.stringify(world([{ name: 'baseFund', call: 'POST /admin/wallet/deposit', body: { amount: '${vars.base}' } }], { vars: { base: 3, shared: 1 } })));
    const top = world([{ include: 'base.json' }, { name: 'again', call: 'POST /admin/wallet/deposit', body: { amount: '${baseFund.data.amount}' } }], { vars: { base: 4 } });
    const { answers, steps } = await applyWorldFile(target, top, { baseDir: dir });
    expect((answers.again as { data: { amount: number } }).data.amount).toBe(4);
    expect(steps[0]!.label).toBe('steps[0] > base.json steps[0]');
    const refused = await failure(top, { baseDir: null });
    expect(refused.statusCode).toBe(422);
    expect(refused.message).toMatch(/steps\[0\].*include/);
    // `world create --file` writes the includes in before it sends the file: the included settings become
    // their calls, the included vars defaults of the top file's
    writeFileSync(join(dir, 'paced.json'), JSON.stringify(world([{ include: 'base.json' }], { settings: { autopilot: { pace: 'off' } } })));
    const inlined = inlineIncludes(world([{ include: 'paced.json' }, top.steps[1]], { vars: { base: 5 } }), dir);
    expect(inlined.steps.map((s) => ('call' in s ? s.call : s))).toEqual(['PUT /admin/autopilot', 'POST /admin/wallet/deposit', 'POST /admin/wallet/deposit']);
    expect(inlined.vars).toEqual({ base: 5, shared: 1 });
    const sent = await applyWorldFile(target, inlined, { baseDir: null });
    expect((sent.answers.again as { data: { amount: number } }).data.amount).toBe(5);
    writeFileSync(join(dir, 'loop.json'), JSON.stringify(world([{ include: 'loop.json' }])));
    expect((await failure(world([{ include: 'loop.json' }]), { baseDir: dir })).message).toMatch(/includes itself/);
  });
});

describe('the world file schema', () => {
  it('is served, and worlds/world-file.schema.json is the same (npx tsx scripts/gen-world-schema.ts rewrites it)', async () => {
    const served = await server.admin('GET', '/worlds/schema.json');
    expect(served.status).toBe(200);
    expect(served.body.data.properties.crossbuyWorld).toEqual({ type: 'number', const: 1 });
    expect(readFileSync(join(WORLDS_DIR, 'world-file.schema.json'), 'utf8')).toBe(worldFileSchemaText());
    expect(`${JSON.stringify(served.body.data, null, 2)}\n`).toBe(worldFileSchemaText());
  });
});
