import type { CoreContext } from '../context.js';
import { programmedScenarios } from './scenarios.js';
import { netPaid } from './order-money.js';
import type { OrderScenario } from '../../../contract/enums.js';
import type { TimelinePart } from './timeline.js';
import { orderDetailOf, type OrderDetail, type OrderItemRow, type OrderRow } from './views.js';

/**
 * The answer to placing an order, made from what createOrder has just written instead of reading it back
 * (the order path is the server's busiest write; a read-back cost a sixth of its time). A new order has
 * no supplements, returns, photo requests, logistics or inspection yet, so there is nothing else to read;
 * the shape comes from the same builder as every other order detail (views.ts), so the two cannot drift.
 */
export interface PlacedOrder {
  orderNo: string;
  userId: number;
  platform: string;
  currency: string;
  price: { subtotal: number; discount: number; serviceFee: number; total: number };
  couponId: number | null;
  remark: string;
  at: string;
  scenarios: readonly OrderScenario[];
}

/** The row as the INSERT of createOrder leaves it (the columns it omits take their defaults). */
function placedRow(order: PlacedOrder): OrderRow {
  return {
    order_no: order.orderNo,
    user_id: order.userId,
    status: 'pending',
    platform: order.platform,
    currency: order.currency,
    subtotal_minor: order.price.subtotal,
    discount_minor: order.price.discount,
    service_fee_minor: order.price.serviceFee,
    total_minor: order.price.total,
    coupon_id: order.couponId,
    remark: order.remark,
    marketplace_order_no: null,
    carrier: null,
    tracking_no: null,
    inspection_result: null,
    inspection_weight_g: null,
    inspection_notes: null,
    inspection_notes_parts: null,
    inspection_photos: '[]',
    inspected_at: null,
    cancel_reason: null,
    created_at: order.at,
    updated_at: order.at,
    scenarios: order.scenarios.length === 0 ? '[]' : JSON.stringify(programmedScenarios(order.scenarios)),
    arrived_at: null,
    decision_deadline: null,
  };
}

export function placedOrderDetail(
  ctx: CoreContext,
  order: PlacedOrder,
  items: readonly OrderItemRow[],
  placed: { note: string; parts: TimelinePart[] },
): OrderDetail {
  return orderDetailOf(ctx, placedRow(order), {
    items,
    timeline: [{ status: 'pending', at: order.at, note: placed.note, parts: placed.parts }],
    supplements: [],
    returns: [],
    photoRequests: [],
    // Just placed: the payment is its total, nothing else has moved; no package yet.
    money: netPaid(order.price.total, 0, 0),
    packageStatuses: [],
  });
}
