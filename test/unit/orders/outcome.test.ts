import { describe, expect, it } from 'vitest';
import { netPaid } from '../../../src/main/core/orders/order-money.js';
import { orderOutcome } from '../../../src/main/core/orders/outcome.js';

describe('orderOutcome (issue 26 item 12)', () => {
  it('nothing when every package was delivered, or none exists yet', () => {
    expect(orderOutcome(['delivered', 'delivered'])).toEqual([]);
    expect(orderOutcome([])).toEqual([]);
    expect(orderOutcome(['in_warehouse', 'shipped'])).toEqual([]);
  });

  it('names a lost parcel, a returned item, a disposal, each once, in the catalog order', () => {
    expect(orderOutcome(['delivered', 'lost'])).toEqual(['lost']);
    expect(orderOutcome(['returned', 'delivered'])).toEqual(['returned']);
    expect(orderOutcome(['disposed', 'disposed'])).toEqual(['disposed']);
    expect(orderOutcome(['disposed', 'returned', 'lost', 'lost'])).toEqual(['lost', 'returned', 'disposed']);
  });
});

describe('netPaid (issue 26 item 6)', () => {
  it('the price and after-sales fees, less refunds', () => {
    expect(netPaid(69_972 + 2_550, 600, 4_090)).toEqual({ paid: 72_522, fees: 600, refunded: 4_090, net: 69_032 });
    expect(netPaid(1_000, 0, 1_000).net).toBe(0);
  });
});
