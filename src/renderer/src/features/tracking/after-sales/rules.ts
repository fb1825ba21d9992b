import type { OrderDetail } from '../types';

/**
 * Whether the after-sales decision window is open, judged on the world's service clock (the admin clock's
 * `now`), never on the browser's wall time: a frozen world, or one whose clock is ahead of today, would be
 * judged wrongly. 'unknown' until the service clock has answered. The deadline instant itself is inside.
 */
export function decisionWindow(deadline: string | null, status: OrderDetail['status'], serviceNow: string | undefined): 'open' | 'closed' | 'unknown' {
  if (deadline === null || status !== 'in_warehouse') return 'closed';
  if (serviceNow === undefined) return 'unknown';
  return Date.parse(serviceNow) <= Date.parse(deadline) ? 'open' : 'closed';
}

/** What a line offers in an open window. */
export type LineChoice = 'offer' | 'returned' | 'replacementComing' | 'none';

/**
 * A line offers a return or exchange only while its package (after an exchange, its replacement's) is in the
 * warehouse and no request of it waits for the seller (docs/API.md, "Returns and exchanges"). After an
 * approved exchange the original package has gone back, so nothing is offered until the replacement has
 * arrived; then the replacement's package is the one to act on.
 * `packageStatus` is the inspection's newest package of the line (undefined while it is not known).
 */
export function lineChoice(returns: OrderDetail['returns'], itemId: number, packageStatus: string | null | undefined): LineChoice {
  const ofLine = returns.filter((r) => r.itemId === itemId);
  if (ofLine.some((r) => r.status === 'approved' && r.type === 'return')) return 'returned';
  if (ofLine.some((r) => r.status === 'requested')) return 'none';
  const latest = [...ofLine].sort((a, b) => a.id - b.id).at(-1);
  const exchanged = latest !== undefined && latest.status === 'approved' && latest.type === 'exchange';
  if (packageStatus !== 'in_warehouse') return exchanged && (packageStatus === 'returning' || packageStatus === 'returned') ? 'replacementComing' : 'none';
  return 'offer';
}
