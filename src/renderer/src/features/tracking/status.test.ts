import { describe, expect, it } from 'vitest';
import { isCancellable, lastChange, listFilterOf, marketplaceOrderNumbers, normalizeOrderNo, orderHash, ordersHash, statusColor, trackingGap } from './status';
import { ORDER_STATUSES } from './types';

describe('orders list state in the hash', () => {
  it('reads the status and page, ignoring anything unknown', () => {
    expect(listFilterOf(new URLSearchParams('status=paid&page=3'))).toEqual({ status: 'paid', page: 3 });
    expect(listFilterOf(new URLSearchParams('status=refunded'))).toEqual({ status: 'refunded', page: 1 });
    expect(listFilterOf(new URLSearchParams('status=shipped&page=0'))).toEqual({ status: null, page: 1 });
    expect(listFilterOf(new URLSearchParams('page=2.5'))).toEqual({ status: null, page: 1 });
    expect(listFilterOf(new URLSearchParams(''))).toEqual({ status: null, page: 1 });
  });

  it('writes the shortest hash that reads back the same', () => {
    expect(ordersHash({ status: null, page: 1 })).toBe('#/orders');
    expect(ordersHash({ status: 'in_warehouse', page: 1 })).toBe('#/orders?status=in_warehouse');
    expect(ordersHash({ status: 'paid', page: 2 })).toBe('#/orders?status=paid&page=2');
    for (const status of [null, ...ORDER_STATUSES]) {
      const hash = ordersHash({ status, page: 4 });
      expect(listFilterOf(new URLSearchParams(hash.split('?')[1]))).toEqual({ status, page: 4 });
    }
    expect(orderHash('PO20260101ABCDEFGH')).toBe('#/orders/PO20260101ABCDEFGH');
  });
});

describe('order statuses', () => {
  it('lets only pending and paid orders be cancelled', () => {
    expect(ORDER_STATUSES.filter(isCancellable)).toEqual(['pending', 'paid']);
  });

  it('gives every status a colour and cancelled/refunded distinct ones', () => {
    const colors = ORDER_STATUSES.map(statusColor);
    expect(new Set(colors).size).toBe(ORDER_STATUSES.length);
    expect(statusColor('something_new')).toBe('gray');
  });

  it('normalizes a typed order number', () => {
    expect(normalizeOrderNo('  po2026 1122jbxvbntp ')).toBe('PO20261122JBXVBNTP');
  });
});

describe('an order without domestic tracking', () => {
  it('waits for the seller only while the goods can still be sent', () => {
    expect(['pending', 'paid', 'purchased'].map(trackingGap)).toEqual(['awaitingSeller', 'awaitingSeller', 'awaitingSeller']);
  });

  it('never waits for the seller once cancelled or refunded', () => {
    expect(trackingGap('cancelled')).toBe('endedUnshipped');
    expect(trackingGap('refunded')).toBe('endedUnshipped');
  });

  it('past the seller, has simply no events', () => {
    for (const status of ['shipped_to_warehouse', 'in_warehouse', 'completed', 'returned']) expect(trackingGap(status)).toBe('noEvents');
  });
});

describe('lastChange', () => {
  it('is the latest of the status change and the events after it (a supplement does not move updatedAt)', () => {
    const timeline = [{ at: '2026-11-01T10:00:00.000Z' }, { at: '2026-11-03T09:00:00.000Z' }];
    expect(lastChange({ updatedAt: '2026-11-01T10:00:00.000Z', timeline })).toBe('2026-11-03T09:00:00.000Z');
    expect(lastChange({ updatedAt: '2026-11-04T00:00:00.000Z', timeline })).toBe('2026-11-04T00:00:00.000Z');
  });
});

describe('marketplaceOrderNumbers', () => {
  it("names every seller's number once, in the order of the lines", () => {
    const items = [{ marketplaceOrderNo: '111' }, { marketplaceOrderNo: '222' }, { marketplaceOrderNo: '111' }];
    expect(marketplaceOrderNumbers({ marketplaceOrderNo: '111', items })).toEqual(['111', '222']);
    expect(marketplaceOrderNumbers({ marketplaceOrderNo: null, items: [{ marketplaceOrderNo: null }] })).toEqual([]);
  });
});
