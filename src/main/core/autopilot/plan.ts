import type { CoreContext } from '../context.js';
import { stepDelay, type AutopilotStep, type Pace } from './pace.js';

/** One thing the back office will do next, and when. */
export interface DueStep {
  step: AutopilotStep;
  /** Purchase order or shipping order number. */
  orderNo: string;
  due: Date;
}

const ORDER_STEP: Record<string, AutopilotStep> = {
  pending: 'order.pay',
  paid: 'order.purchase',
  purchased: 'order.ship_to_warehouse',
  shipped_to_warehouse: 'order.arrive',
};
const SHIPPING_STEP: Record<string, AutopilotStep> = {
  pending: 'shipping.dispatch',
  shipped: 'shipping.auto_confirm',
};

/**
 * The earliest step the autopilot owes, derived from the orders' own state (status and when it last
 * changed). Nothing else is stored, so a restart resumes exactly where it was and never runs a step twice.
 */
export function nextDueStep(ctx: CoreContext, pace: Exclude<Pace, 'off'>, skip: ReadonlySet<string> = new Set()): DueStep | null {
  const orders = ctx.db
    .prepare(`SELECT order_no, status, updated_at FROM orders WHERE status IN ('pending', 'paid', 'purchased', 'shipped_to_warehouse')`)
    .all() as { order_no: string; status: string; updated_at: string }[];
  const shipping = ctx.db
    .prepare(`SELECT order_no, status, updated_at FROM shipping_orders WHERE status IN ('pending', 'shipped')`)
    .all() as { order_no: string; status: string; updated_at: string }[];
  let best: DueStep | null = null;
  const consider = (orderNo: string, step: AutopilotStep, since: string) => {
    if (skip.has(orderNo)) return;
    const due = new Date(Date.parse(since) + stepDelay(pace, step, orderNo));
    if (!best || due < best.due || (due.getTime() === best.due.getTime() && orderNo < best.orderNo)) best = { step, orderNo, due };
  };
  for (const o of orders) consider(o.order_no, ORDER_STEP[o.status]!, o.updated_at);
  for (const s of shipping) consider(s.order_no, SHIPPING_STEP[s.status]!, s.updated_at);
  return best;
}
