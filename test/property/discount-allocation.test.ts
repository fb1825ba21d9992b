import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { returnRefund } from '../../src/main/core/orders/after-sales-rules.js';
import { allocateDiscount, MAX_ORDER_SUBTOTAL } from '../../src/main/core/orders/pricing.js';

/**
 * The coupon discount shared over an order's lines (pricing.ts allocateDiscount), which a return's refund
 * takes its line's share from: for any lines and any discount up to their total, the shares are integers
 * that sum exactly to the discount, none exceeds its line, they are the same on every call, and they are
 * the proportional share rounded down or up by one. Returning every line then never gives back more than
 * the goods' price after the coupon.
 */
const linesArb = fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 50 });
/** Lines and a discount between 0 and their total. */
const caseArb = linesArb.chain((lines) => {
  const total = lines.reduce((s, a) => s + a, 0);
  return fc.tuple(fc.constant(lines), fc.integer({ min: 0, max: total }));
});

describe('allocateDiscount (property)', () => {
  it('shares sum to the discount, each is within its line, and the call is deterministic', () => {
    fc.assert(
      fc.property(caseArb, ([lines, discount]) => {
        const shares = allocateDiscount(lines, discount);
        expect(shares).toHaveLength(lines.length);
        expect(shares.reduce((s, a) => s + a, 0)).toBe(discount);
        shares.forEach((share, i) => {
          expect(Number.isSafeInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(lines[i]!);
        });
        expect(allocateDiscount([...lines], discount)).toEqual(shares);
      }),
      { numRuns: 500 },
    );
  });

  it('each share is the proportional one rounded down, or up by one', () => {
    fc.assert(
      fc.property(caseArb, ([lines, discount]) => {
        const total = BigInt(lines.reduce((s, a) => s + a, 0));
        const shares = allocateDiscount(lines, discount);
        shares.forEach((share, i) => {
          if (total === 0n) return expect(share).toBe(0);
          const floor = Number((BigInt(discount) * BigInt(lines[i]!)) / total);
          expect(share === floor || share === floor + 1).toBe(true);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('holds at the order limit, where discount x amount passes 2^53', () => {
    const big = fc.array(fc.integer({ min: 0, max: MAX_ORDER_SUBTOTAL / 50 }), { minLength: 1, maxLength: 50 }).chain((lines) => {
      const total = lines.reduce((s, a) => s + a, 0);
      return fc.tuple(fc.constant(lines), fc.integer({ min: 0, max: total }));
    });
    fc.assert(
      fc.property(big, ([lines, discount]) => {
        const shares = allocateDiscount(lines, discount);
        expect(shares.reduce((s, a) => s + a, 0)).toBe(discount);
        shares.forEach((share, i) => expect(share).toBeLessThanOrEqual(lines[i]!));
      }),
      { numRuns: 200 },
    );
  });

  it('returning every line, in any order, refunds at most the goods after the coupon, less the fees', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 1_000 }), ([lines, discount], serviceFeeBp, fee) => {
        const subtotal = lines.reduce((s, a) => s + a, 0);
        const paid = subtotal - discount + Math.round((subtotal * serviceFeeBp) / 10_000);
        const shares = allocateDiscount(lines, discount);
        let left = paid;
        let refunded = 0;
        for (const i of [...lines.keys()].reverse()) {
          const refund = returnRefund(lines[i]!, shares[i]!, fee, left);
          expect(refund).toBeGreaterThanOrEqual(0);
          left -= refund;
          refunded += refund;
        }
        expect(refunded).toBeLessThanOrEqual(paid);
        expect(refunded).toBeLessThanOrEqual(subtotal - discount);
        expect(refunded).toBe(lines.reduce((s, a, i) => s + Math.max(0, a - shares[i]! - fee), 0));
      }),
      { numRuns: 300 },
    );
  });
});
