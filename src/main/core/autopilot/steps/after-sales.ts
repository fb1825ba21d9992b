import { EXCHANGE_ARRIVE_STEP, PHOTO_STEP, SELLER_DECISION_STEP, SUPPLEMENT_EXPIRE_STEP } from '../../orders/after-sales-rules.js';
import { fulfilPhotoRequest } from '../../orders/photo-requests.js';
import { decideReturn, receiveExchange } from '../../orders/returns.js';
import { expireSupplement } from '../../orders/supplements.js';
import { DAY, HOUR } from '../pace.js';
import { defineStep } from '../step-kind.js';

/**
 * After-sales steps (extensions.md sections 2-3), scheduled from code with scheduleStep(): a supplement's
 * expiry (a fixed time on the service clock), the seller's decision on a return or exchange, the staff
 * taking requested photos, and an exchange's replacement reaching the warehouse.
 */
export const orderSupplementExpire = defineStep({
  kind: SUPPLEMENT_EXPIRE_STEP,
  role: 'rule',
  run: (ctx, id) => expireSupplement(ctx, Number(id)),
});

/** Sellers accept most requests; one in five (a draw from the world's stream) is rejected, so demos show both. */
export const orderSellerDecision = defineStep({
  kind: SELLER_DECISION_STEP,
  role: 'staff',
  delays: { realistic: [12 * HOUR, 3 * DAY], demo: [2_000, 4_000] },
  run(ctx, id) {
    const row = ctx.db.prepare("SELECT order_no FROM order_returns WHERE id = ? AND status = 'requested'").get(Number(id)) as { order_no: string } | undefined;
    if (!row) return;
    decideReturn(ctx, row.order_no, Number(id), ctx.random.draw().int(5) === 0 ? 'rejected' : 'approved');
  },
});

export const orderPhotos = defineStep({
  kind: PHOTO_STEP,
  role: 'staff',
  delays: { realistic: [2 * HOUR, 12 * HOUR], demo: [1_500, 3_000] },
  run(ctx, id) {
    const row = ctx.db.prepare("SELECT order_no FROM order_photo_requests WHERE id = ? AND status = 'requested'").get(Number(id)) as { order_no: string } | undefined;
    if (row) fulfilPhotoRequest(ctx, row.order_no, Number(id));
  },
});

export const orderExchangeArrive = defineStep({
  kind: EXCHANGE_ARRIVE_STEP,
  role: 'staff',
  delays: { realistic: [2 * DAY, 6 * DAY], demo: [3_000, 5_000] },
  run: (ctx, itemId) => void receiveExchange(ctx, Number(itemId)),
});

