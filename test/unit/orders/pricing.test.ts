import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { couponDiscount } from '../../../src/main/core/coupons/redemption.js';
import { goodsSubtotal, MAX_ORDER_SUBTOTAL, priceOrder, serviceFeeOf } from '../../../src/main/core/orders/pricing.js';

/** Half-up rounding of a / b in exact integer arithmetic: the reference the implementation must match. */
function halfUp(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

describe('order pricing', () => {
  it('prices the spec example: subtotal, 5% service fee, total', () => {
    const price = priceOrder([{ unitPrice: 51_260, quantity: 2 }], 500);
    expect(price).toEqual({ subtotal: 102_520, discount: 0, serviceFee: 5_126, total: 107_646 });
  });

  it('rounds the service fee half up at the minor unit', () => {
    expect(serviceFeeOf(10, 500)).toBe(1); // 0.5 -> 1
    expect(serviceFeeOf(9, 500)).toBe(0); // 0.45 -> 0
    expect(serviceFeeOf(30, 500)).toBe(2); // 1.5 -> 2
    expect(serviceFeeOf(29, 500)).toBe(1); // 1.45 -> 1
    expect(serviceFeeOf(0, 500)).toBe(0);
  });

  it('charges the fee on the goods subtotal, before the coupon', () => {
    const without = priceOrder([{ unitPrice: 10_000, quantity: 1 }], 500);
    const withCoupon = priceOrder([{ unitPrice: 10_000, quantity: 1 }], 500, { type: 'fixed', value: 2_000 });
    expect(withCoupon.serviceFee).toBe(without.serviceFee);
    expect(withCoupon).toEqual({ subtotal: 10_000, discount: 2_000, serviceFee: 500, total: 8_500 });
  });

  it('takes percentage coupons off the subtotal, rounded half up', () => {
    expect(couponDiscount({ type: 'percentage', value: 10 }, 999)).toBe(100); // 99.9
    expect(couponDiscount({ type: 'percentage', value: 15 }, 333)).toBe(50); // 49.95
    expect(couponDiscount({ type: 'percentage', value: 15 }, 331)).toBe(50); // 49.65
    expect(couponDiscount({ type: 'percentage', value: 15 }, 330)).toBe(50); // 49.5 -> 50
    expect(couponDiscount({ type: 'percentage', value: 10 }, 4)).toBe(0); // 0.4
  });

  it('caps every discount at the subtotal', () => {
    expect(couponDiscount({ type: 'fixed', value: 5_000 }, 1_234)).toBe(1_234);
    expect(couponDiscount({ type: 'percentage', value: 150 }, 1_234)).toBe(1_234);
    expect(couponDiscount({ type: 'fixed', value: 5_000 }, 0)).toBe(0);
    const price = priceOrder([{ unitPrice: 1_000, quantity: 1 }], 500, { type: 'fixed', value: 9_999 });
    expect(price.total).toBe(price.serviceFee);
  });

  it('matches exact integer arithmetic for any lines, coupon and fee rate', () => {
    const line = fc.record({ unitPrice: fc.integer({ min: 0, max: 2_000_000 }), quantity: fc.integer({ min: 1, max: 1_000 }) });
    const coupon = fc.option(
      fc.oneof(
        fc.record({ type: fc.constant('percentage' as const), value: fc.integer({ min: 1, max: 100 }) }),
        fc.record({ type: fc.constant('fixed' as const), value: fc.integer({ min: 1, max: 10_000_000 }) }),
      ),
      { nil: null },
    );
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 50 }), coupon, fc.integer({ min: 0, max: 10_000 }), (lines, c, bp) => {
        const price = priceOrder(lines, bp, c);
        const subtotal = lines.reduce((s, l) => s + BigInt(l.unitPrice) * BigInt(l.quantity), 0n);
        expect(BigInt(price.subtotal)).toBe(subtotal);
        expect(price.subtotal).toBeLessThanOrEqual(MAX_ORDER_SUBTOTAL);
        expect(BigInt(price.serviceFee)).toBe(halfUp(subtotal * BigInt(bp), 10_000n));
        const rawDiscount = c === null ? 0n : c.type === 'percentage' ? halfUp(subtotal * BigInt(c.value), 100n) : BigInt(c.value);
        expect(BigInt(price.discount)).toBe(rawDiscount < subtotal ? rawDiscount : subtotal);
        expect(price.total).toBe(price.subtotal - price.discount + price.serviceFee);
        for (const v of Object.values(price)) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('sums lines exactly', () => {
    expect(goodsSubtotal([{ unitPrice: 1, quantity: 3 }, { unitPrice: 10, quantity: 7 }])).toBe(73);
  });
});
