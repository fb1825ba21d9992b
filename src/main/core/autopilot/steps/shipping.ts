import { SHIPPING_SUPPLEMENT_EXPIRE_STEP } from '../../shipping/supplements.js';
import { clearShipmentException, deliverShippingOrder, dispatchShippingOrder, expireShippingSupplement } from '../../shipping/lifecycle.js';
import { packRehearsal } from '../../shipping/rehearsals.js';
import { DAY, HOUR } from '../pace.js';
import { defineStep } from '../step-kind.js';

/** The shipping-order steps. Their rows are written by triggers on `shipping_orders` (migration 005). */
export const shippingDispatch = defineStep({
  kind: 'shipping.dispatch',
  role: 'staff',
  delays: { realistic: [12 * HOUR, 36 * HOUR], demo: [1_500, 3_000] },
  run: (ctx, orderNo) => void dispatchShippingOrder(ctx, orderNo),
});

export const shippingAutoConfirm = defineStep({
  kind: 'shipping.auto_confirm',
  role: 'staff',
  // Transit plus the auto-confirm period marketplaces give a recipient before closing the order.
  delays: { realistic: [12 * DAY, 20 * DAY], demo: [4_000, 6_000] },
  // A scenario (programmed, or drawn at the operator's rates) fires here instead of the delivery.
  run: (ctx, orderNo) => void deliverShippingOrder(ctx, orderNo, { autopilot: true }),
});

/** The warehouse packs a rehearsal (v1.1 section 5). */
export const shippingRehearsalPack = defineStep({
  kind: 'shipping.rehearsal_pack',
  role: 'staff',
  delays: { realistic: [4 * HOUR, 20 * HOUR], demo: [1_500, 3_000] },
  run: (ctx, rehearsalId) => void packRehearsal(ctx, rehearsalId),
});

/** Customs release a held parcel (v1.1 section 7): back to shipped. */
export const shippingClearException = defineStep({
  kind: 'shipping.clear_exception',
  role: 'staff',
  delays: { realistic: [2 * DAY, 6 * DAY], demo: [2_000, 4_000] },
  run: (ctx, orderNo) => void clearShipmentException(ctx, orderNo),
});

/** v1.2 section 10: a shipping supplement unpaid at its expiry (a fixed time) cancels the shipment. */
export const shippingSupplementExpire = defineStep({
  kind: SHIPPING_SUPPLEMENT_EXPIRE_STEP,
  role: 'rule',
  run: (ctx, id) => expireShippingSupplement(ctx, Number(id)),
});
