import { describe, expect, it } from 'vitest';
import { notAnOrderScenarioMessage, parseScenarioHeader, returnRefund } from '../../../src/main/core/orders/after-sales-rules.js';
import { allocateDiscount } from '../../../src/main/core/orders/pricing.js';

/**
 * A return refunds what was paid for the line (extensions.md section 3, the project's reading): the line
 * amount less its share of the order's coupon discount, less the return fee, capped by what is left.
 */
describe('allocateDiscount: the lines’ shares of the coupon discount', () => {
  it('gives a single line the whole discount', () => {
    expect(allocateDiscount([32_770], 4_916)).toEqual([4_916]);
  });

  it('shares in proportion to the line amounts when that is exact', () => {
    expect(allocateDiscount([30_000, 10_000], 4_000)).toEqual([3_000, 1_000]);
  });

  it('hands the leftover minor units to the largest remainders, so the shares sum to the discount', () => {
    // 100 x 1/3 each: 33.33.. -> floors 33, 33, 33; one unit left, equal remainders -> the first line.
    expect(allocateDiscount([1, 1, 1], 2)).toEqual([1, 1, 0]);
    expect(allocateDiscount([100, 100, 100], 100)).toEqual([34, 33, 33]);
    // 10 x 3/7 = 4.28, 10 x 4/7 = 5.71: floors 4 + 5, the unit goes to the larger remainder (the second line).
    expect(allocateDiscount([300, 400], 10)).toEqual([4, 6]);
  });

  it('breaks ties in favour of the earlier line', () => {
    expect(allocateDiscount([5, 5], 1)).toEqual([1, 0]);
    expect(allocateDiscount([7, 3, 7], 1)).toEqual([1, 0, 0]);
  });

  it('gives a line of 0 nothing, and no discount gives every line 0', () => {
    expect(allocateDiscount([0, 500, 0], 499)).toEqual([0, 499, 0]);
    expect(allocateDiscount([123, 456], 0)).toEqual([0, 0]);
    expect(allocateDiscount([], 0)).toEqual([]);
  });

  it('a discount of the whole subtotal is each whole line', () => {
    expect(allocateDiscount([1_999, 1, 8_000], 10_000)).toEqual([1_999, 1, 8_000]);
  });

  it('stays exact past 2^53 (discount x amount at the order limit)', () => {
    const shares = allocateDiscount([99_999_999_999, 1], 99_999_999_999);
    expect(shares).toEqual([99_999_999_998, 1]);
  });

  it('refuses a discount above the lines’ total or amounts that are not minor units', () => {
    expect(() => allocateDiscount([100], 101)).toThrow(RangeError);
    expect(() => allocateDiscount([100], -1)).toThrow(RangeError);
    expect(() => allocateDiscount([1.5], 1)).toThrow(RangeError);
  });
});

describe('returnRefund', () => {
  it('the tester’s single-line order: 327.70 less the 49.16 coupon share less the 15.00 fee', () => {
    // subtotal 327.70, 15% coupon 49.16, service fee 16.39, paid 294.93
    expect(returnRefund(32_770, 4_916, 1_500, 29_493)).toBe(26_354);
  });

  it('is never below 0 and never above what is left of the order', () => {
    expect(returnRefund(1_000, 200, 1_500, 10_000)).toBe(0);
    expect(returnRefund(32_770, 0, 1_500, 20_000)).toBe(20_000);
  });

  it('a two-line order with a 10% coupon, returned line by line, keeps two fees and the service fee', () => {
    const lines = [49_760, 30_069];
    const subtotal = lines[0]! + lines[1]!;
    const discount = Math.round(subtotal / 10);
    const paid = subtotal - discount + Math.round(subtotal / 20);
    const shares = allocateDiscount(lines, discount);
    let left = paid;
    let refunded = 0;
    for (const [i, amount] of lines.entries()) {
      const refund = returnRefund(amount, shares[i]!, 1_500, left);
      left -= refund;
      refunded += refund;
    }
    expect(refunded).toBe(subtotal - discount - 2 * 1_500);
    expect(refunded).toBeLessThan(paid);
  });
});

describe('Crossbuy-Scenario on POST /orders: names that are no order scenario', () => {
  const order = 'valid: out_of_stock, price_increase, price_decrease, domestic_freight, qc_issue, seller_delay';

  it('names a shipping scenario as one, with the order scenarios', () => {
    expect(notAnOrderScenarioMessage('customs_hold')).toBe(`Crossbuy-Scenario: "customs_hold" is a shipping scenario (POST /shipping/create), not an order one; ${order}`);
  });

  it('names a top-up scenario as one', () => {
    expect(notAnOrderScenarioMessage('declined')).toBe(`Crossbuy-Scenario: "declined" is a top-up scenario (POST /user/wallet/top-ups), not an order one; ${order}`);
  });

  it('an unknown name is unknown, with the order scenarios', () => {
    expect(notAnOrderScenarioMessage('teleport')).toBe(`Crossbuy-Scenario: unknown order scenario "teleport"; ${order}`);
  });

  it('parsing names the first name that is no order scenario (the route words it with notAnOrderScenarioMessage)', () => {
    expect(parseScenarioHeader('price_increase, customs_hold, teleport')).toEqual({ unknown: 'customs_hold' });
    expect(parseScenarioHeader(' price_increase,,price_increase, qc_issue')).toEqual({ scenarios: ['price_increase', 'qc_issue'] });
  });
});
