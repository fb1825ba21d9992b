import { randomInt } from 'node:crypto';
import type { CoreContext } from '../context.js';
import { findChannel } from '../logistics/channels.js';
import { emitEvent } from '../events/log.js';
import { applyTransition } from '../orders/lifecycle.js';
import { conflict } from '../shared/errors.js';
import { formatAmount, toAmount } from '../shared/money.js';
import { captureHold, releaseHold } from '../wallet/ledger.js';
import { movePackages, packagesOfShippingOrder } from '../warehouse/packages.js';
import { appendShippingEvent, WAREHOUSE_LOCATION } from './events.js';
import { getShippingOrder, requireShippingOrderRow, type Recipient, type ShippingOrderRow } from './queries.js';
import { findShippingTransition, refusal, type ShippingAction, type ShippingTransition } from './state-machine.js';

/**
 * Moves a shipping order along its lifecycle. Each step checks the state machine, then moves the order,
 * its packages and its money together in one transaction (a savepoint inside a route's transaction).
 * `userId` limits the step to the user's own orders (open API); the back office passes none.
 */
function step(
  ctx: CoreContext,
  orderNo: string,
  action: ShippingAction,
  userId: number | undefined,
  work: (row: ShippingOrderRow, transition: ShippingTransition, now: string) => void,
): ShippingOrderRow {
  return ctx.db
    .transaction(() => {
      const row = requireShippingOrderRow(ctx, orderNo, userId);
      const transition = findShippingTransition(row.status, action);
      if (!transition) throw conflict(refusal(orderNo, row.status, action));
      const now = ctx.nowIso();
      const packageIds = packagesOfShippingOrder(ctx, orderNo).map((p) => p.id);
      movePackages(ctx, packageIds, transition.packages.from, transition.packages.to, orderNo);
      ctx.db.prepare('UPDATE shipping_orders SET status = ?, updated_at = ? WHERE order_no = ? AND status = ?').run(transition.to, now, orderNo, row.status);
      work(row, transition, now);
      const after = requireShippingOrderRow(ctx, orderNo);
      emitEvent(ctx, 'shipping.status_changed', after.user_id, { orderNo, from: row.status, to: after.status, at: now, trackingNo: after.tracking_no });
      return after;
    })
    .immediate();
}

const MAX_REASON = 500;

/** The user cancels a pending shipping order: the held fee is released, the packages go back on the shelf. */
export function cancelShippingOrder(ctx: CoreContext, userId: number, orderNo: string, reason?: string) {
  const note = (reason ?? '').trim().slice(0, MAX_REASON);
  let released = 0;
  step(ctx, orderNo, 'cancel', userId, (row, _t, now) => {
    // A zero fee placed no hold (create.ts).
    if (row.shipping_fee_minor > 0) released = releaseHold(ctx, orderNo);
    appendShippingEvent(ctx, {
      orderNo,
      at: now,
      status: 'cancelled',
      location: WAREHOUSE_LOCATION,
      description: `Cancelled by the customer${note ? ` (${note})` : ''}; ${formatAmount(released, ctx.currency)} released to the available balance; packages back in the warehouse`,
    });
  });
  return {
    orderNo,
    status: 'cancelled' as const,
    refundAmount: toAmount(released),
    message: `Shipping order ${orderNo} cancelled. The held shipping fee of ${formatAmount(released, ctx.currency)} is available again.`,
  };
}

/** A carrier-looking tracking number: two letters of the carrier and 12 digits. */
function generateTrackingNo(carrier: string): string {
  const letters = carrier.replace(/[^A-Za-z]/g, '').toUpperCase();
  const prefix = (letters + 'CB').slice(0, 2);
  let digits = '';
  for (let i = 0; i < 12; i++) digits += String(randomInt(10));
  return prefix + digits;
}

/** The back office hands the parcel to the carrier: the held fee becomes a shipping_payment. */
export function dispatchShippingOrder(ctx: CoreContext, orderNo: string, trackingNo?: string) {
  step(ctx, orderNo, 'dispatch', undefined, (row, _t, now) => {
    const carrier = findChannel(ctx, row.channel_id)?.carrier ?? row.channel_name;
    const tracking = trackingNo?.trim() || generateTrackingNo(carrier);
    ctx.db.prepare('UPDATE shipping_orders SET tracking_no = ?, shipped_at = ? WHERE order_no = ?').run(tracking, now, orderNo);
    if (row.shipping_fee_minor > 0) captureHold(ctx, orderNo, 'shipping_payment', `Shipping fee for ${orderNo} (${row.channel_name})`);
    appendShippingEvent(ctx, { orderNo, at: now, status: 'shipped', location: WAREHOUSE_LOCATION, description: `Handed to ${carrier}, tracking number ${tracking}` });
  });
  return getShippingOrder(ctx, orderNo);
}

/**
 * Completes every purchase order whose packages are now all delivered. Only an order still in_warehouse
 * can complete (the state machine says so); applyTransition writes it, as for every other step.
 */
function completePurchaseOrders(ctx: CoreContext, shippingOrderNo: string): string[] {
  const candidates = ctx.db
    .prepare(
      `SELECT DISTINCT p.order_no FROM shipping_order_items i JOIN packages p ON p.id = i.package_id
        JOIN orders o ON o.order_no = p.order_no
        WHERE i.shipping_order_no = ? AND o.status = 'in_warehouse'
          AND NOT EXISTS (SELECT 1 FROM packages q WHERE q.order_no = p.order_no AND q.status <> 'delivered')
        ORDER BY p.order_no`,
    )
    .all(shippingOrderNo) as { order_no: string }[];
  for (const { order_no } of candidates) {
    applyTransition(ctx, order_no, 'completed', 'system', { note: `All packages delivered (last with shipping order ${shippingOrderNo})` });
  }
  return candidates.map((c) => c.order_no);
}

function deliver(ctx: CoreContext, orderNo: string, userId: number | undefined, by: string) {
  return step(ctx, orderNo, 'deliver', userId, (row, _t, now) => {
    ctx.db.prepare('UPDATE shipping_orders SET delivered_at = ? WHERE order_no = ?').run(now, orderNo);
    const r = JSON.parse(row.recipient) as Recipient;
    appendShippingEvent(ctx, { orderNo, at: now, status: 'delivered', location: `${r.city}, ${r.country}`, description: `Delivered to ${r.name} (${by})` });
    completePurchaseOrders(ctx, orderNo);
  });
}

/** The recipient confirms receipt of a shipped order. */
export function confirmDelivery(ctx: CoreContext, userId: number, orderNo: string) {
  const row = deliver(ctx, orderNo, userId, 'confirmed by the recipient');
  return {
    orderNo,
    status: 'delivered' as const,
    deliveredAt: row.delivered_at!,
    message: `Shipping order ${orderNo} delivered. Thank you for confirming receipt.`,
  };
}

/** The back office records a delivery the recipient did not confirm. */
export function deliverShippingOrder(ctx: CoreContext, orderNo: string) {
  deliver(ctx, orderNo, undefined, 'recorded by the carrier');
  return getShippingOrder(ctx, orderNo);
}
