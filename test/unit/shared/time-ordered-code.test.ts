import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCore, type Core } from '../../../src/main/core/index.js';
import { createOrder } from '../../../src/main/core/orders/create.js';
import { ManualClock } from '../../../src/main/core/shared/clock.js';
import { CODE_ALPHABET, drawOf } from '../../../src/main/core/shared/random.js';
import { newTimeOrderedNumber, timeOfDayCode } from '../../../src/main/core/shared/time-ordered-code.js';

/**
 * Order numbers follow the time so that the indexes keyed by them append at their right edge (WAL per
 * order halved: docs/PERFORMANCE.md). What that relies on: the format is unchanged (docs/API.md), the text
 * sorts as the time does, numbers stay unique, and a crowded tenth of a second still finds a number.
 */
const ORDER_NO = /^PO\d{8}[23456789A-HJ-NP-Z]{8}$/;

describe('time-ordered numbers', () => {
  it('uses an alphabet in ASCII order, so comparing the text compares the time', () => {
    expect([...CODE_ALPHABET].sort().join('')).toBe(CODE_ALPHABET);
    expect(timeOfDayCode('2026-03-01T00:00:00.000Z')).toBe('2222');
    expect(timeOfDayCode('2026-03-01T23:59:59.999Z')).toBe(
      // 863,999 tenths in base 32
      [26, 11, 23, 31].map((d) => CODE_ALPHABET[d]).join(''),
    );
    const instants = ['00:00:00.000', '00:00:00.100', '00:00:03.250', '01:00:00.000', '12:34:56.789', '23:59:59.999'];
    const codes = instants.map((t) => timeOfDayCode(`2026-03-01T${t}Z`));
    expect([...codes].sort()).toEqual(codes);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('falls back to all-random characters when the tenth of a second is crowded', () => {
    const iso = '2026-03-01T10:00:00.000Z';
    const lead = timeOfDayCode(iso);
    const number = newTimeOrderedNumber('PO', iso, drawOf(1, 1), (candidate) => candidate.slice(10, 14) === lead);
    expect(number).toMatch(ORDER_NO);
    expect(number.slice(10, 14)).not.toBe(lead);
  });
});

describe('order numbers', () => {
  let core: Core;
  const clock = new ManualClock(Date.parse('2026-03-01T08:00:00.000Z'));
  let sku: { productId: string; skuId: string };
  beforeAll(() => {
    core = openCore({ dataDir: ':memory:', clock });
    const row = core.ctx.db
      .prepare('SELECT p.id, s.sku_id FROM products p JOIN product_skus s ON s.product_id = p.id WHERE s.stock >= 200 AND s.price_minor > 0 ORDER BY p.id LIMIT 1')
      .get() as { id: number; sku_id: string };
    sku = { productId: String(row.id), skuId: row.sku_id };
    core.ctx.db.prepare("UPDATE wallets SET balance_minor = 1000000000 WHERE user_id = 1").run();
  });
  afterAll(() => core.close());

  it('keep their documented format, are unique, and sort in the order they were placed, across days', () => {
    const placed: { orderNo: string; clockMoved: boolean }[] = [];
    for (let i = 0; i < 60; i++) {
      // Three in the same tenth of a second, then a step of 150 ms or of 3 hours (so over midnight).
      const clockMoved = i % 3 === 0;
      if (clockMoved) clock.advance(i % 2 === 0 ? 150 : 3 * 3_600_000);
      placed.push({ orderNo: createOrder(core.ctx, 1, { items: [{ ...sku, quantity: 1 }] }).orderNo, clockMoved });
    }
    for (const { orderNo } of placed) expect(orderNo).toMatch(ORDER_NO);
    expect(new Set(placed.map((p) => p.orderNo)).size).toBe(placed.length);
    // Date and time of day (the first 14 characters) grow with the clock and are shared within a tenth.
    for (let i = 1; i < placed.length; i++) {
      const [before, now] = [placed[i - 1]!.orderNo.slice(0, 14), placed[i]!.orderNo.slice(0, 14)];
      if (placed[i]!.clockMoved) expect(now > before, `${placed[i - 1]!.orderNo} then ${placed[i]!.orderNo}`).toBe(true);
      else expect(now).toBe(before);
    }
    expect(new Set(placed.map((p) => p.orderNo.slice(2, 10))).size).toBeGreaterThan(1);
  });
});
