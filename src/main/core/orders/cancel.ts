import type { CoreContext } from '../context.js';
import { badRequest, conflict } from '../shared/errors.js';
import { formatAmount, toAmount } from '../shared/money.js';
import { applyTransition } from './lifecycle.js';
import { CANCELLABLE_STATUSES } from './state-machine.js';
import { requireOrder } from './views.js';

import { MAX_REASON } from '../../../contract/limits.js';
import type { RefundResult } from '../../../contract/open/orders.js';
import { longerThan } from '../shared/text.js';
export { MAX_REASON } from '../../../contract/limits.js';

export type { RefundResult };
export function checkReason(reason: string | undefined): void {
  if (reason !== undefined && longerThan(reason, MAX_REASON)) throw badRequest(`reason must be at most ${MAX_REASON} characters`);
}

/**
 * The user cancels an order that has not been bought yet (pending or paid): the whole totalAmount goes
 * back to the wallet and a used coupon back to the user. Any other status: 409 naming it.
 */
export function cancelOrder(ctx: CoreContext, userId: number, orderNo: string, reason?: string): RefundResult {
  checkReason(reason);
  return ctx.db
    .transaction(() => {
      const order = requireOrder(ctx, orderNo, userId);
      if (!CANCELLABLE_STATUSES.includes(order.status)) {
        throw conflict(`Order ${orderNo} is ${order.status} and cannot be cancelled; only ${CANCELLABLE_STATUSES.join(' or ')} orders can be cancelled`);
      }
      const outcome = applyTransition(ctx, orderNo, 'cancelled', 'user', { reason }, { userId });
      return {
        orderNo,
        status: outcome.to,
        refundAmount: toAmount(outcome.refunded),
        message: `Order ${orderNo} cancelled; ${formatAmount(outcome.refunded, order.currency)} refunded to the wallet`,
      };
    })
    .immediate();
}
