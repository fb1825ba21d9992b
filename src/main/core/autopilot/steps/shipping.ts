import { deliverShippingOrder, dispatchShippingOrder } from '../../shipping/lifecycle.js';
import { DAY, HOUR } from '../pace.js';
import { defineStep } from '../step-kind.js';

/** The shipping-order steps. Their rows are written by triggers on `shipping_orders` (migration 005). */
export const shippingDispatch = defineStep({
  kind: 'shipping.dispatch',
  delays: { realistic: [12 * HOUR, 36 * HOUR], demo: [1_500, 3_000] },
  run: (ctx, orderNo) => void dispatchShippingOrder(ctx, orderNo),
});

export const shippingAutoConfirm = defineStep({
  kind: 'shipping.auto_confirm',
  // Transit plus the auto-confirm period marketplaces give a recipient before closing the order.
  delays: { realistic: [12 * DAY, 20 * DAY], demo: [4_000, 6_000] },
  run: (ctx, orderNo) => void deliverShippingOrder(ctx, orderNo),
});
