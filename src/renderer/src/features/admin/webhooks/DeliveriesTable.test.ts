import { describe, expect, it } from 'vitest';
import { deliveriesRefetchInterval, FOLLOW_NEW_MS, FOLLOW_PENDING_MS } from './DeliveriesTable';

describe('an open deliveries list', () => {
  it('is read again while open even when nothing shown is pending, to pick up new deliveries', () => {
    expect(deliveriesRefetchInterval([{ items: [{ status: 'failed' }, { status: 'succeeded' }] }])).toBe(FOLLOW_NEW_MS);
    expect(deliveriesRefetchInterval([{ items: [] }])).toBe(FOLLOW_NEW_MS);
    expect(deliveriesRefetchInterval(undefined)).toBe(FOLLOW_NEW_MS);
  });

  it('is read again sooner while a delivery shown waits on a retry', () => {
    expect(deliveriesRefetchInterval([{ items: [{ status: 'failed' }] }, { items: [{ status: 'pending' }] }])).toBe(FOLLOW_PENDING_MS);
    expect(FOLLOW_PENDING_MS).toBeLessThan(FOLLOW_NEW_MS);
  });

  it('polls at a modest pace', () => {
    expect(FOLLOW_NEW_MS).toBeGreaterThanOrEqual(5_000);
    expect(FOLLOW_NEW_MS).toBeLessThanOrEqual(15_000);
  });
});
