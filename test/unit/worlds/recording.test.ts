import { describe, expect, it } from 'vitest';
import { buildRecording, type LoggedEntry } from '../../../src/main/core/worlds/file/record-build.js';
import { formatDuration, placeAdvances } from '../../../src/main/core/worlds/file/record-timeline.js';
import { ApiError } from '../../../src/main/core/shared/errors.js';

const DAY = 86_400_000;

describe('placing clock advances among a session\'s requests', () => {
  it('puts each advance before the first request after it, even when a script calls right after it', () => {
    // A script: r0, advance 3d (ran 40 ms), r1 1 ms after, r2, advance 1d (ran 25 ms), r3 1 ms after.
    // Wall times from 1000; the offset grows by each length less its run time.
    const requests = [
      { at: 1000, end: 1005 },
      { at: 1046, end: 1050 },
      { at: 1060, end: 1064 },
      { at: 1090, end: 1095 },
    ];
    const offset0 = 500;
    const a1 = { from: 1005 + offset0, to: 1005 + offset0 + 3 * DAY };
    const offset1 = a1.to - 1045;
    const a2 = { from: 1064 + offset1, to: 1064 + offset1 + DAY };
    const offsetNow = a2.to - 1089;
    const placed = placeAdvances(requests, [a1, a2], offsetNow);
    expect(placed.map((p) => p.before)).toEqual([1, 3]);
    expect(placed[1]!.wallEnd).toBe(1089);
  });

  it('an advance after the last request goes at the end', () => {
    const placed = placeAdvances([{ at: 0, end: 10 }], [{ from: 20, to: 20 + DAY }], DAY);
    expect(placed).toEqual([expect.objectContaining({ before: 1 })]);
  });

  it('writes durations in the largest exact unit', () => {
    expect([formatDuration(3 * DAY), formatDuration(36 * 3_600_000), formatDuration(90_000), formatDuration(1500), formatDuration(14 * DAY)]).toEqual(['3d', '36h', '90s', '1500ms', '2w']);
  });
});

const entry = (id: number, method: string, path: string, request: unknown, response: unknown, cut: { request?: boolean; response?: boolean } = {}): LoggedEntry => ({
  id,
  method,
  path,
  query: '',
  status: 200,
  requestBody: { text: request === undefined ? null : JSON.stringify(request), bytes: 0, truncated: cut.request ?? false },
  responseBody: { text: JSON.stringify(response), bytes: 0, truncated: cut.response ?? false },
});
const meta = { name: 'r', clockStart: null, seed: null, demo: false, settings: undefined };

describe('a session as a world file', () => {
  it('references ids from earlier answers; small numbers only where both fields are ids', () => {
    const file = buildRecording(
      [
        entry(1, 'POST', '/api/v1/open/orders', { items: [{ productId: '5', skuId: 'sku-12', quantity: 1 }] }, { data: { orderNo: 'PO2026ABC123', userId: 1, items: [{ itemId: 1, quantity: 1 }] } }),
        entry(2, 'POST', '/api/v1/open/orders/PO2026ABC123/returns', { itemId: 1, type: 'return', reason: 'x' }, { data: { id: 3 } }),
      ],
      [{ before: 1, at: 0, step: { advance: '2d' } }],
      meta,
    );
    expect(file.steps).toEqual([
      { name: 'orders1', call: 'POST /open/orders', body: { items: [{ productId: '5', skuId: 'sku-12', quantity: 1 }] } },
      { advance: '2d' },
      { call: 'POST /open/orders/${orders1.data.orderNo}/returns', body: { itemId: '${orders1.data.items[0].itemId}', type: 'return', reason: 'x' } },
    ]);
  });

  it('a number is referred to only as an id of its own kind: a supplement\'s id after /supplements/, a product\'s id for a productId, else kept as written', () => {
    const file = buildRecording(
      [
        entry(1, 'GET', '/api/v1/open/products/search', undefined, { data: { items: [{ id: 7, skus: [{ skuId: 'sku-7a' }] }] } }),
        entry(2, 'GET', '/api/v1/open/orders/PO2026ABC123/supplements', undefined, { data: [{ id: 1, itemId: 1, amount: 3 }] }),
        entry(3, 'POST', '/api/v1/open/orders/PO2026ABC123/supplements/1/pay', undefined, { data: { id: 1, itemId: 1, status: 'paid' } }),
        // productId "1": no product 1 was in any answer (the supplement's and the item's 1 are other kinds).
        entry(4, 'POST', '/api/v1/open/cart/items', { productId: '1', skuId: 'sku-1a', quantity: 1 }, { data: { id: 2 } }),
        entry(5, 'POST', '/api/v1/open/cart/items', { productId: '7', skuId: 'sku-7a', quantity: 1 }, { data: { id: 3 } }),
      ],
      [],
      meta,
    );
    expect(file.steps).toEqual([
      // (named in the order they are first referred to)
      { name: 'search2', call: 'GET /open/products/search' },
      { name: 'supplements1', call: 'GET /open/orders/PO2026ABC123/supplements' },
      { call: 'POST /open/orders/PO2026ABC123/supplements/${supplements1.data[0].id}/pay' },
      { call: 'POST /open/cart/items', body: { productId: '1', skuId: 'sku-1a', quantity: 1 } },
      { call: 'POST /open/cart/items', body: { productId: '${search2.data.items[0].id}', skuId: '${search2.data.items[0].skus[0].skuId}', quantity: 1 } },
    ]);
  });

  it('a write whose body the log cut: 422 naming the entry', () => {
    const run = () => buildRecording([entry(9, 'POST', '/api/v1/open/cart/items/batch', { items: [] }, { data: {} }, { request: true })], [], meta);
    expect(run).toThrow(ApiError);
    expect(run).toThrow(/entry 9 \(POST \/api\/v1\/open\/cart\/items\/batch\)/);
  });

  it('a value that only a cut answer holds: 422 naming both entries', () => {
    const run = () =>
      buildRecording(
        [
          { ...entry(4, 'GET', '/api/v1/open/orders', undefined, null, { response: true }), responseBody: { text: '{"data":{"items":[{"orderNo":"PO2026XYZ789"', bytes: 9000, truncated: true } },
          entry(5, 'POST', '/api/v1/open/orders/PO2026XYZ789/cancel', undefined, { data: {} }),
        ],
        [],
        meta,
      );
    expect(run).toThrow(/Entry 5 .*"PO2026XYZ789".*entry 4, which the log cut/);
  });
});
