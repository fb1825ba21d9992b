import { applyTransition } from '../../orders/lifecycle.js';
import { part } from '../../orders/timeline.js';
import { fireScenariosAtStep } from '../../orders/scenarios.js';
import { hasPendingSupplement } from '../../orders/supplements.js';
import { readSetting } from '../../settings/settings.js';
import { DAY, HOUR, isOutOfStock, MINUTE } from '../pace.js';
import { defineStep } from '../step-kind.js';

/**
 * The purchase-order steps the agent's staff take. Their rows are written by triggers on `orders`
 * (migration 005): one per active status, based on the order's updated_at.
 */
export const orderPay = defineStep({
  kind: 'order.pay',
  role: 'staff',
  delays: { realistic: [10 * MINUTE, 60 * MINUTE], demo: [1_000, 2_000] },
  run: (ctx, orderNo) => void applyTransition(ctx, orderNo, 'paid', 'admin'),
});

export const orderPurchase = defineStep({
  kind: 'order.purchase',
  role: 'staff',
  delays: { realistic: [2 * HOUR, 10 * HOUR], demo: [1_500, 3_000] },
  run(ctx, orderNo) {
    // A pending supplement holds the purchase; paying it re-plans this step (orders/supplements.ts).
    if (hasPendingSupplement(ctx, orderNo)) return;
    if (fireScenariosAtStep(ctx, orderNo, { autopilot: true })) return;
    if (isOutOfStock(orderNo, readSetting(ctx.db, 'autopilotRefundBp'))) {
      applyTransition(ctx, orderNo, 'refunded', 'admin', { reason: 'Refunded: the item is out of stock at the marketplace', reasonPart: part('order.refunded_out_of_stock') });
    } else {
      applyTransition(ctx, orderNo, 'purchased', 'admin');
    }
  },
});

export const orderShipToWarehouse = defineStep({
  kind: 'order.ship_to_warehouse',
  role: 'staff',
  delays: { realistic: [12 * HOUR, 2 * DAY], demo: [1_500, 3_000] },
  run(ctx, orderNo) {
    if (fireScenariosAtStep(ctx, orderNo, { autopilot: true })) return;
    applyTransition(ctx, orderNo, 'shipped_to_warehouse', 'admin');
  },
});

export const orderArrive = defineStep({
  kind: 'order.arrive',
  role: 'staff',
  delays: { realistic: [1 * DAY, 4 * DAY], demo: [1_500, 3_000] },
  run(ctx, orderNo) {
    if (fireScenariosAtStep(ctx, orderNo, { autopilot: true })) return;
    applyTransition(ctx, orderNo, 'in_warehouse', 'admin');
  },
});
