import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balanceAfterCents,
  checkCoupon,
  couponDiscountCents,
  fromCents,
  previewOrder,
  roundHalfUp,
  serviceFeeCents,
  subtotalCents,
  toCents,
} from './pricing';

describe('checkout price preview', () => {
  it('adds line amounts in cents, free of float noise', () => {
    expect(subtotalCents([{ price: 0.1, quantity: 3 }])).toBe(30);
    expect(subtotalCents([{ price: 19.99, quantity: 3 }, { price: 0.07, quantity: 1 }])).toBe(6004);
    expect(subtotalCents([])).toBe(0);
  });

  it('charges 5% of the goods subtotal as the service fee, half up at the cent', () => {
    expect(serviceFeeCents(51_260)).toBe(2_563); // 512.60 -> 25.63, as the service priced the demo order
    expect(serviceFeeCents(10)).toBe(1); // 0.5 cent rounds up
    expect(serviceFeeCents(9)).toBe(0); // 0.45 cent rounds down
    expect(serviceFeeCents(30)).toBe(2); // 1.5 cents rounds up
    expect(serviceFeeCents(10_000, 250)).toBe(250); // another rate
  });

  it('rounds exact halves up and everything else to the nearest', () => {
    expect(roundHalfUp(5, 10)).toBe(1);
    expect(roundHalfUp(4, 10)).toBe(0);
    expect(roundHalfUp(-5, 10)).toBe(-1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 100_000 }), (n, d) => {
        const r = roundHalfUp(n, d);
        expect(Math.abs(n - r * d) * 2).toBeLessThanOrEqual(d);
        if ((n % d) * 2 === d) expect(r * d).toBeGreaterThan(n);
      }),
    );
  });

  it('takes a percentage coupon off the subtotal (half up) and caps any coupon at the subtotal', () => {
    expect(couponDiscountCents({ type: 'percentage', value: 10 }, 51_260)).toBe(5_126);
    expect(couponDiscountCents({ type: 'percentage', value: 15 }, 33_333)).toBe(5_000); // 49.9995 -> 50.00
    expect(couponDiscountCents({ type: 'percentage', value: 150 }, 1_000)).toBe(1_000);
    expect(couponDiscountCents({ type: 'fixed', value: 20 }, 25_000)).toBe(2_000);
    expect(couponDiscountCents({ type: 'fixed', value: 50 }, 1_234)).toBe(1_234);
    expect(couponDiscountCents({ type: 'fixed', value: 50 }, 0)).toBe(0);
  });

  it('disables a coupon under its minimum order amount and says by how much', () => {
    const coupon = { type: 'fixed', value: 20, minOrderAmount: 200 };
    expect(checkCoupon(coupon, 19_999)).toEqual({ usable: false, reason: 'minimum', minimum: 20_000, missing: 1 });
    expect(checkCoupon(coupon, 20_000)).toEqual({ usable: true, discount: 2_000 });
    expect(checkCoupon({ type: 'percentage', value: 10, minOrderAmount: 0 }, 0)).toEqual({ usable: true, discount: 0 });
  });

  it('previews subtotal - discount + fee, the fee on the subtotal before the discount', () => {
    const lines = [
      { price: 512.6, quantity: 1 },
      { price: 88.8, quantity: 2 },
    ];
    expect(previewOrder(lines, null)).toEqual({ subtotal: 69_020, discount: 0, serviceFee: 3_451, total: 72_471 });
    expect(previewOrder(lines, { type: 'percentage', value: 10, minOrderAmount: 0 })).toEqual({
      subtotal: 69_020,
      discount: 6_902,
      serviceFee: 3_451,
      total: 65_569,
    });
    // A coupon the subtotal does not reach gives nothing.
    expect(previewOrder(lines, { type: 'fixed', value: 50, minOrderAmount: 1_000 }).discount).toBe(0);
  });

  it('works out the balance after the order, negative when the wallet is short', () => {
    expect(balanceAfterCents(10_000, 53_823)).toBe(946_177);
    expect(balanceAfterCents(0.5, 51)).toBe(-1);
    expect(fromCents(946_177)).toBe(9_461.77);
  });

  it('converts amounts with up to two decimals to cents and back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
      }),
    );
  });
});
