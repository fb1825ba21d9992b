import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../shared/format';
import { canRefund, nextStep, stepNeedsForm, stepTarget } from './orderSteps';
import { maskSecret, nextEventSelection } from './webhookEvents';

describe('back office steps', () => {
  it('follows the lifecycle up to the warehouse', () => {
    expect(nextStep('pending')).toBe('markPaid');
    expect(nextStep('paid')).toBe('markPurchased');
    expect(nextStep('purchased')).toBe('sellerShipped');
    expect(nextStep('shipped_to_warehouse')).toBe('arrivedInspected');
    for (const status of ['in_warehouse', 'completed', 'cancelled', 'refunded', 'nonsense']) expect(nextStep(status)).toBeNull();
  });
  it('names the status each step moves to (sent as `to`)', () => {
    expect(stepTarget('markPaid')).toBe('paid');
    expect(stepTarget('markPurchased')).toBe('purchased');
    expect(stepTarget('sellerShipped')).toBe('shipped_to_warehouse');
    expect(stepTarget('arrivedInspected')).toBe('in_warehouse');
  });
  it('refunds only paid orders; the shipped and inspection steps open a form', () => {
    expect(canRefund('paid')).toBe(true);
    expect(canRefund('pending')).toBe(false);
    expect(canRefund('purchased')).toBe(false);
    expect(stepNeedsForm('sellerShipped')).toBe(true);
    expect(stepNeedsForm('arrivedInspected')).toBe(true);
    expect(stepNeedsForm('markPaid')).toBe(false);
  });
});

describe('webhook event selection', () => {
  it('all events replaces the others, and a type picked afterwards replaces all', () => {
    expect(nextEventSelection(['order.created'], ['order.created', '*'])).toEqual(['*']);
    expect(nextEventSelection(['*'], ['*', 'order.created'])).toEqual(['order.created']);
    expect(nextEventSelection(['order.created'], ['order.created', 'clock.advanced'])).toEqual(['order.created', 'clock.advanced']);
    expect(nextEventSelection(['*'], [])).toEqual([]);
  });
  it('masks a secret keeping its prefix', () => {
    expect(maskSecret('whsec_abcdef123')).toBe(`whsec_${'•'.repeat(12)}`);
    expect(maskSecret('abcdef')).not.toContain('abc');
  });
});

describe('sizes', () => {
  it('formats bytes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
