import type { CoreContext } from '../context.js';
import { part } from './timeline.js';
import { conflict, unprocessable } from '../shared/errors.js';
import { formatAmount, toAmount } from '../shared/money.js';
import { checkReason, type RefundResult } from './cancel.js';
import { applyTransition, requireNoPendingSupplement, type StepData } from './lifecycle.js';
import { fireScenariosAtStep } from './scenarios.js';
import { nextAdminStatus, adminPath, type OrderStatus } from './state-machine.js';
import { getAdminOrderDetail, requireOrder } from './views.js';
import type { AdminOrderDetail } from '../../../contract/admin/orders.js';

/**
 * The back office's moves on a purchase order (admin API, CLI, desktop UI). The staff's data for a step
 * is optional: whatever is left out is generated, as the autopilot does.
 */
export interface AdvanceRequest extends Omit<StepData, 'reason'> {
  /** The status to reach; the next one on the happy path when absent. Steps in between are run in order. */
  to?: OrderStatus;
}

/** Which step each piece of staff data belongs to. */
const DATA_STEP: readonly { fields: readonly (keyof AdvanceRequest)[]; step: OrderStatus }[] = [
  { fields: ['marketplaceOrderNo'], step: 'purchased' },
  { fields: ['carrier', 'trackingNo'], step: 'shipped_to_warehouse' },
  { fields: ['inspection'], step: 'in_warehouse' },
];

export function advanceOrder(ctx: CoreContext, orderNo: string, request: AdvanceRequest = {}): AdminOrderDetail {
  return ctx.db
    .transaction(() => {
      const order = requireOrder(ctx, orderNo, null);
      const to = request.to ?? nextAdminStatus(order.status);
      if (to === null) throw conflict(`Order ${orderNo} is ${order.status}; the back office has no next step for it`);
      const steps = adminPath(order.status, to);
      if (!steps) throw conflict(`Order ${orderNo} is ${order.status} and cannot move forward to ${to}`);
      // Data for a step this advance does not run would be silently lost: refuse it instead.
      for (const { fields, step } of DATA_STEP) {
        const given = fields.filter((f) => request[f] !== undefined);
        if (given.length > 0 && !steps.includes(step)) {
          throw unprocessable(`${given.join(' and ')} belong${given.length === 1 ? 's' : ''} to the ${step} step, which moving ${order.status} -> ${to} does not include`);
        }
      }
      for (const [index, step] of steps.entries()) {
        // A pending supplement holds the purchase: 409 before a scenario of that step could fire (and raise another).
        if (step === 'purchased') requireNoPendingSupplement(ctx, orderNo);
        // v1.1: a scenario programmed for this step fires instead of it (and ends the advance there).
        if (fireScenariosAtStep(ctx, orderNo, { autopilot: false })) break;
        const last = index === steps.length - 1;
        applyTransition(ctx, orderNo, step, 'admin', { ...request, note: last ? request.note : undefined });
      }
      return getAdminOrderDetail(ctx, orderNo);
    })
    .immediate();
}

/** The item cannot be bought (out of stock at the marketplace): paid -> refunded, full refund, coupon back. */
export function refundOrder(ctx: CoreContext, orderNo: string, reason?: string): RefundResult {
  checkReason(reason);
  return ctx.db
    .transaction(() => {
      const order = requireOrder(ctx, orderNo, null);
      if (order.status !== 'paid') {
        throw conflict(`Order ${orderNo} is ${order.status} and cannot be refunded; only paid orders can be refunded (cancel a pending one)`);
      }
      const outcome = applyTransition(ctx, orderNo, 'refunded', 'admin', reason ? { reason } : { reason: 'Refunded: the item is out of stock at the marketplace', reasonPart: part('order.refunded_out_of_stock') });
      return {
        orderNo,
        status: outcome.to,
        refundAmount: toAmount(outcome.refunded),
        message: `Order ${orderNo} refunded; ${formatAmount(outcome.refunded, order.currency)} credited to the wallet`,
      };
    })
    .immediate();
}
