import { describe, expect, it } from 'vitest';
import { freightPaid, lossPayout, settledFee } from '../../../src/main/core/shipping/charges.js';

/**
 * extensions.md section 7: a lost insured shipment pays back the declared value + the fee *paid*. With
 * coupons (section 11) and packed-weight settlement (section 10) that is not the quote: the settled fee
 * less the coupon, plus the supplements paid. Pure, minor units.
 */
describe('the freight a shipment actually paid', () => {
  it('the quote less the coupon, plus paid supplements only (pending or expired ones were never paid)', () => {
    // The walk's SO20261127DGPTCYHZ: quote 85.05, coupon -17.01, supplement 18.90 paid -> 86.94.
    const supplements = [
      { amount: 1890, status: 'paid' },
      { amount: 500, status: 'pending' },
      { amount: 700, status: 'expired' },
    ];
    expect(freightPaid({ shippingFee: 8505, billedFee: 10395, couponDiscount: 1701, supplements })).toBe(8694);
    expect(lossPayout({ insurance: true, declaredValue: 154_870, shippingFee: 8505, billedFee: 10395, couponDiscount: 1701, supplements })).toBe(154_870 + 8694);
    expect(lossPayout({ insurance: false, declaredValue: 154_870, shippingFee: 8505, couponDiscount: 1701, supplements })).toBe(0);
  });

  it('a lighter parcel paid its billed fee; a heavier one within the tolerance the quote; a coupon never takes it below 0', () => {
    expect(settledFee(10_000, 9_000)).toBe(9_000);
    expect(settledFee(10_000, 10_150)).toBe(10_000);
    expect(settledFee(10_000, null)).toBe(10_000);
    expect(freightPaid({ shippingFee: 10_000, billedFee: 9_000, couponDiscount: 2_000 })).toBe(7_000);
    expect(freightPaid({ shippingFee: 1_500, billedFee: 1_000, couponDiscount: 1_500 })).toBe(0);
    // Without coupon or supplement (every v1.1 order): the quote, as before.
    expect(lossPayout({ insurance: true, declaredValue: 30_000, shippingFee: 12_744 })).toBe(42_744);
  });
});
