import { describe, expect, it } from 'vitest';
import {
  CANCELLABLE_STATUSES,
  canTransition,
  FINAL_STATUSES,
  findTransition,
  isFinal,
  nextAdminStatus,
  adminPath,
  ORDER_STATUSES,
  TRANSITIONS,
  type OrderStatus,
} from '../../../src/main/core/orders/state-machine.js';

describe('purchase-order state machine', () => {
  it('lets the user cancel only pending and paid orders', () => {
    for (const from of ORDER_STATUSES) {
      expect(canTransition(from, 'cancelled', 'user')).toBe(CANCELLABLE_STATUSES.includes(from));
    }
    expect([...CANCELLABLE_STATUSES].sort()).toEqual(['paid', 'pending']);
  });

  it('refunds only from paid: out of stock by the back office; v1.1 a declined (user) or expired (system) supplement', () => {
    for (const from of ORDER_STATUSES) expect(canTransition(from, 'refunded', 'admin')).toBe(from === 'paid');
    for (const from of ORDER_STATUSES) expect(canTransition(from, 'refunded', 'user')).toBe(from === 'paid');
  });

  it('v1.1: returned only from in_warehouse, only by the system (every package returned)', () => {
    for (const from of ORDER_STATUSES) expect(canTransition(from, 'returned', 'system')).toBe(from === 'in_warehouse');
    expect(canTransition('in_warehouse', 'returned', 'admin')).toBe(false);
    expect(canTransition('in_warehouse', 'returned', 'user')).toBe(false);
  });

  it('completes only through the system (the last package delivered), never by hand', () => {
    expect(canTransition('in_warehouse', 'completed', 'system')).toBe(true);
    expect(canTransition('in_warehouse', 'completed', 'admin')).toBe(false);
    expect(canTransition('in_warehouse', 'completed', 'user')).toBe(false);
  });

  it('never leaves a final status', () => {
    for (const final of FINAL_STATUSES) {
      expect(isFinal(final)).toBe(true);
      expect(TRANSITIONS.filter((t) => t.from === final)).toEqual([]);
    }
    expect(isFinal('pending')).toBe(false);
  });

  it('refunds in full and returns the coupon on every cancellation and refund; only a cancellation restores stock', () => {
    for (const t of TRANSITIONS.filter((x) => x.to === 'cancelled' || x.to === 'refunded')) {
      expect(t.effects).toContain('refund_full');
      expect(t.effects).toContain('return_coupon');
      expect(t.effects.includes('restore_stock')).toBe(t.to === 'cancelled');
    }
    // No other transition moves money.
    for (const t of TRANSITIONS.filter((x) => x.to !== 'cancelled' && x.to !== 'refunded')) expect(t.effects).not.toContain('refund_full');
  });

  it('runs inspection and creates packages when the order reaches the warehouse', () => {
    expect(findTransition('shipped_to_warehouse', 'in_warehouse')?.effects).toEqual(['record_warehouse_arrival', 'record_inspection', 'create_packages']);
    expect(findTransition('purchased', 'shipped_to_warehouse')?.effects).toEqual(['record_domestic_shipment']);
    expect(findTransition('paid', 'purchased')?.effects).toEqual(['record_marketplace_order']);
  });

  it('walks the happy path one operator step at a time', () => {
    const path: OrderStatus[] = ['pending'];
    for (let next = nextAdminStatus('pending'); next; next = nextAdminStatus(next)) path.push(next);
    expect(path).toEqual(['pending', 'paid', 'purchased', 'shipped_to_warehouse', 'in_warehouse']);
    for (let i = 1; i < path.length; i++) expect(canTransition(path[i - 1]!, path[i]!, 'admin')).toBe(true);
  });

  it('plans multi-step advances and refuses backwards or sideways ones', () => {
    expect(adminPath('pending', 'purchased')).toEqual(['paid', 'purchased']);
    expect(adminPath('pending', 'in_warehouse')).toEqual(['paid', 'purchased', 'shipped_to_warehouse', 'in_warehouse']);
    expect(adminPath('purchased', 'shipped_to_warehouse')).toEqual(['shipped_to_warehouse']);
    expect(adminPath('purchased', 'paid')).toBeNull();
    expect(adminPath('paid', 'paid')).toBeNull();
    expect(adminPath('pending', 'cancelled')).toBeNull();
    expect(adminPath('cancelled', 'paid')).toBeNull();
    expect(adminPath('in_warehouse', 'completed')).toBeNull();
  });
});
