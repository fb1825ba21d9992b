import { describe, expect, it } from 'vitest';
import { decisionWindow, lineChoice } from './rules';
import type { OrderDetail } from '../types';

type Return = OrderDetail['returns'][number];
const ret = (id: number, itemId: number, type: Return['type'], status: Return['status']): Return => ({
  id,
  orderNo: 'PO1',
  itemId,
  type,
  status,
  reason: 'r',
  fee: 15,
  refundAmount: 0,
  createdAt: '2026-03-02T09:00:00.000Z',
  resolvedAt: null,
});

describe('decisionWindow', () => {
  const deadline = '2026-03-07T09:00:00.000Z';
  it('judges the window on the service clock given, whatever the wall time', () => {
    expect(decisionWindow(deadline, 'in_warehouse', '2026-03-02T09:00:00.000Z')).toBe('open');
    expect(decisionWindow(deadline, 'in_warehouse', deadline)).toBe('open');
    expect(decisionWindow(deadline, 'in_warehouse', '2026-03-07T09:00:00.001Z')).toBe('closed');
    expect(decisionWindow('2099-01-01T00:00:00.000Z', 'in_warehouse', '2099-01-02T00:00:00.000Z')).toBe('closed');
  });
  it('is unknown until the clock answers, and closed outside the warehouse', () => {
    expect(decisionWindow(deadline, 'in_warehouse', undefined)).toBe('unknown');
    expect(decisionWindow(deadline, 'completed', '2026-03-02T09:00:00.000Z')).toBe('closed');
    expect(decisionWindow(null, 'paid', '2026-03-02T09:00:00.000Z')).toBe('closed');
  });
});

describe('lineChoice', () => {
  it('offers a return or exchange only while the line’s package is in the warehouse and nothing waits', () => {
    expect(lineChoice([], 1, 'in_warehouse')).toBe('offer');
    expect(lineChoice([ret(1, 1, 'return', 'requested')], 1, 'returning')).toBe('none');
    expect(lineChoice([ret(1, 1, 'return', 'approved')], 1, 'returned')).toBe('returned');
    expect(lineChoice([ret(1, 1, 'return', 'rejected')], 1, 'in_warehouse')).toBe('offer');
    expect(lineChoice([], 1, 'shipping')).toBe('none');
    expect(lineChoice([], 1, undefined)).toBe('none');
  });
  it('waits for an approved exchange’s replacement, then offers its package', () => {
    expect(lineChoice([ret(1, 1, 'exchange', 'approved')], 1, 'returned')).toBe('replacementComing');
    expect(lineChoice([ret(1, 1, 'exchange', 'approved')], 2, 'in_warehouse')).toBe('offer');
    expect(lineChoice([ret(1, 1, 'exchange', 'approved')], 1, 'in_warehouse')).toBe('offer');
  });
});
