import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { linePricesAfterChanges, notAnOrderScenarioMessage, parseScenarioHeader, returnRefund } from '../../../src/main/core/orders/after-sales-rules.js';
import { allocateDiscount } from '../../../src/main/core/orders/pricing.js';
import { allocateProportionally } from '../../../src/main/core/shared/apportion.js';

/**
 * A return refunds what was paid for the line (extensions.md section 3, the project's reading): the line's
 * price as the seller's changes left it, less its share of the order's coupon discount, less the return fee,
 * capped by what is left.
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

describe('allocateProportionally: a whole-order amount shared over the lines', () => {
  it('may exceed the lines’ total (a price increase of the whole order) and still sums exactly', () => {
    expect(allocateProportionally([100, 300], 1_000)).toEqual([250, 750]);
    expect(allocateProportionally([1, 1, 1], 1_000)).toEqual([334, 333, 333]);
  });

  it('lines of 0 alone: the first takes it all, so nothing is lost', () => {
    expect(allocateProportionally([0, 0], 7)).toEqual([7, 0]);
    expect(allocateProportionally([], 0)).toEqual([]);
  });

  it('shares add up to the amount and follow the line amounts (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 100_000_000 }), (amounts, total) => {
        const shares = allocateProportionally(amounts, total);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        const subtotal = amounts.reduce((a, b) => a + b, 0);
        // Each share is the exact proportion rounded down or up by one unit.
        shares.forEach((share, i) => {
          if (subtotal === 0) return;
          const exact = (total * amounts[i]!) / subtotal;
          expect(share).toBeGreaterThanOrEqual(Math.floor(exact) - 1e-9);
          expect(share).toBeLessThanOrEqual(Math.ceil(exact) + 1e-9);
        });
      }),
    );
  });
});

describe('linePricesAfterChanges: the line’s price a return refunds', () => {
  const none = { increased: 0, decreased: 0 };

  it('a change for one line moves that line only', () => {
    expect(linePricesAfterChanges([32_770, 10_000], [{ increased: 0, decreased: 3_277 }, none], none)).toEqual([29_493, 10_000]);
    expect(linePricesAfterChanges([32_770, 10_000], [none, { increased: 1_000, decreased: 0 }], none)).toEqual([32_770, 11_000]);
  });

  it('a change for the whole order is shared by amount, and every line’s change adds up to it', () => {
    const prices = linePricesAfterChanges([30_000, 10_000], [none, none], { increased: 0, decreased: 1_001 });
    expect(prices).toEqual([30_000 - 751, 10_000 - 250]);
    expect(40_000 - prices[0]! - prices[1]!).toBe(1_001);
  });

  it('after a decrease of the line, the return gives back what was paid for it, not the decrease again', () => {
    // 327.70 with a 15% coupon (49.16), 32.77 decrease refunded at once, 15.00 fee: 230.77.
    const [price] = linePricesAfterChanges([32_770], [{ increased: 0, decreased: 3_277 }], none);
    expect(returnRefund(price!, 4_916, 1_500, 29_493 - 3_277)).toBe(23_077);
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
