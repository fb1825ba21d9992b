import { settleOrderIfDone } from '../orders/completion.js';
import { part, type TimelinePart } from '../orders/timeline.js';
import type { CoreContext } from '../context.js';
import { findChannel } from '../logistics/channels.js';
import { emitEvent } from '../events/log.js';
import { conflict } from '../shared/errors.js';
import { formatAmount, toAmount } from '../shared/money.js';
import { captureHold, postEntry, releaseHold } from '../wallet/ledger.js';
import { cancelStep, scheduleStep } from '../autopilot/queue.js';
import { scheduleStorage } from '../warehouse/storage.js';
import { lossPayout } from './charges.js';
import { SHIPPING_SCENARIO_STATUSES } from '../../../contract/enums.js';
import { drawScenario, markScenarioFired, pendingScenarios, scenarioRecords, type ShippingScenario } from './scenarios.js';
import { movePackages, packagesOfShippingOrder } from '../warehouse/packages.js';
import { appendShippingEvent, WAREHOUSE_LOCATION } from './events.js';
import { getShippingOrder, heldTotal, requireShippingOrderRow, type Recipient, type ShippingOrderRow } from './queries.js';
import { returnCoupon } from '../coupons/redemption.js';
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
      if (transition.packages) movePackages(ctx, packageIds, transition.packages.from, transition.packages.to, orderNo);
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
    // A zero total placed no hold (create.ts). The hold is fee + premium + storage (v1.1 section 5).
    if (heldTotal(row) > 0) released = releaseHold(ctx, orderNo);
    // v1.2 section 11: the shipping coupon goes back to the user.
    returnCoupon(ctx, orderNo);
    const arrived = ctx.db.prepare('SELECT id, arrived_at FROM packages WHERE shipping_order_no IS NULL AND id IN (SELECT package_id FROM shipping_order_items WHERE shipping_order_no = ?)');
    for (const p of arrived.all(orderNo) as { id: number; arrived_at: string }[]) scheduleStorage(ctx, p.id, p.arrived_at);
    appendShippingEvent(ctx, {
      orderNo,
      at: now,
      status: 'cancelled',
      location: WAREHOUSE_LOCATION,
      description: `Cancelled by the customer${note ? ` (${note})` : ''}; ${formatAmount(released, ctx.currency)} released to the available balance; packages back in the warehouse`,
      code: 'shipping.cancelled',
      params: { amount: toAmount(released), currency: ctx.currency, reason: note },
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
function generateTrackingNo(ctx: CoreContext, carrier: string): string {
  const letters = carrier.replace(/[^A-Za-z]/g, '').toUpperCase();
  const prefix = (letters + 'CB').slice(0, 2);
  const draw = ctx.random.draw();
  return prefix + Array.from({ length: 12 }, () => String(draw.int(10))).join('');
}

/** The back office hands the parcel to the carrier: the held fee becomes a shipping_payment. */
export function dispatchShippingOrder(ctx: CoreContext, orderNo: string, trackingNo?: string) {
  step(ctx, orderNo, 'dispatch', undefined, (row, _t, now) => {
    const carrier = findChannel(ctx, row.channel_id)?.carrier ?? row.channel_name;
    const tracking = trackingNo?.trim() || generateTrackingNo(ctx, carrier);
    ctx.db.prepare('UPDATE shipping_orders SET tracking_no = ?, shipped_at = ? WHERE order_no = ?').run(tracking, now, orderNo);
    if (heldTotal(row) > 0) captureHold(ctx, orderNo, 'shipping_payment', chargeDescription(ctx, row));
    appendShippingEvent(ctx, { orderNo, at: now, status: 'shipped', location: WAREHOUSE_LOCATION, description: `Handed to ${carrier}, tracking number ${tracking}`, code: 'shipping.handed_to_carrier', params: { carrier, trackingNo: tracking } });
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
          AND NOT EXISTS (SELECT 1 FROM packages q WHERE q.order_no = p.order_no AND q.status NOT IN (${DONE_PACKAGE_STATUSES}))
        ORDER BY p.order_no`,
    )
    .all(shippingOrderNo) as { order_no: string }[];
  // v1.1: open returns or exchanges keep an order open; all returned ends it `returned` (orders/completion.ts)
  return candidates
    .filter(({ order_no }) => settleOrderIfDone(ctx, order_no, [part('order.all_packages_delivered', { shippingOrderNo })]) !== null)
    .map((c) => c.order_no);
}

/**
 * Package statuses that count as done for a purchase order's completion: delivered, and (v1.1) disposed at
 * the end of storage and lost with a shipment (docs/API.md).
 */
const DONE_PACKAGE_STATUSES = `'delivered', 'disposed', 'lost', 'returned'`;

/** Completes a purchase order (still in_warehouse) whose packages are all done: after a disposal. */
export function completeOrderIfDone(ctx: CoreContext, orderNo: string, parts: TimelinePart[]): boolean {
  // v1.1 after-sales: open returns or exchanges keep it open; all returned ends it `returned` (orders/completion.ts)
  return settleOrderIfDone(ctx, orderNo, parts) !== null;
}

/** What create.ts held: the freight quote less its coupon, the insurance premium and the storage fees (queries.ts). */
export { heldTotal };

function chargeDescription(ctx: CoreContext, row: ShippingOrderRow): string {
  const parts = [`freight ${formatAmount(row.shipping_fee_minor, ctx.currency)}`];
  if (row.coupon_discount_minor > 0) parts.push(`coupon -${formatAmount(row.coupon_discount_minor, ctx.currency)}`);
  if (row.insurance_premium_minor > 0) parts.push(`insurance ${formatAmount(row.insurance_premium_minor, ctx.currency)}`);
  if (row.storage_fees_minor > 0) parts.push(`storage ${formatAmount(row.storage_fees_minor, ctx.currency)}`);
  return `Shipping fee for ${row.order_no} (${row.channel_name}): ${parts.join(', ')}`;
}

const DELIVERED_BY = { recipient: 'confirmed by the recipient', carrier: 'recorded by the carrier' } as const;

function deliver(ctx: CoreContext, orderNo: string, userId: number | undefined, by: keyof typeof DELIVERED_BY) {
  return step(ctx, orderNo, 'deliver', userId, (row, _t, now) => {
    ctx.db.prepare('UPDATE shipping_orders SET delivered_at = ? WHERE order_no = ?').run(now, orderNo);
    const r = JSON.parse(row.recipient) as Recipient;
    appendShippingEvent(ctx, { orderNo, at: now, status: 'delivered', location: `${r.city}, ${r.country}`, description: `Delivered to ${r.name} (${DELIVERED_BY[by]})`, code: 'shipping.delivered', params: { name: r.name, by } });
    completePurchaseOrders(ctx, orderNo);
  });
}

/** The recipient confirms receipt of a shipped order. */
export function confirmDelivery(ctx: CoreContext, userId: number, orderNo: string) {
  const row = deliver(ctx, orderNo, userId, 'recipient');
  return {
    orderNo,
    status: 'delivered' as const,
    deliveredAt: row.delivered_at!,
    message: `Shipping order ${orderNo} delivered. Thank you for confirming receipt.`,
  };
}

/**
 * The back office records a delivery the recipient did not confirm. A scenario programmed with the
 * Crossbuy-Scenario header fires here instead (the parcel's transit step), by hand or by the autopilot.
 */
export function deliverShippingOrder(ctx: CoreContext, orderNo: string, options: { autopilot?: boolean } = {}) {
  const row = requireShippingOrderRow(ctx, orderNo);
  if (row.status === 'shipped' && firePendingScenario(ctx, row, options.autopilot === true)) return getShippingOrder(ctx, orderNo);
  deliver(ctx, orderNo, undefined, 'carrier');
  return getShippingOrder(ctx, orderNo);
}

/** A customs hold: shipped -> exception, cleared later by the back office (step shipping.clear_exception). */
export function holdShipment(ctx: CoreContext, orderNo: string, reason: string) {
  step(ctx, orderNo, 'hold', undefined, (row, _t, now) => {
    ctx.db.prepare('UPDATE shipping_orders SET exception_reason = ? WHERE order_no = ?').run(reason, orderNo);
    const r = JSON.parse(row.recipient) as Recipient;
    appendShippingEvent(ctx, { orderNo, at: now, status: 'exception', location: `Customs, ${r.country}`, description: reason, code: 'shipping.customs_hold' });
    emitEvent(ctx, 'shipping.exception', row.user_id, { orderNo, status: 'exception', reason, at: now });
    scheduleStep(ctx.db, 'shipping.clear_exception', orderNo, { since: now });
  });
  return getShippingOrder(ctx, orderNo);
}

/** The hold is cleared: back to shipped (the auto-confirm step is queued again by the trigger). */
export function clearShipmentException(ctx: CoreContext, orderNo: string) {
  step(ctx, orderNo, 'clear', undefined, (row, _t, now) => {
    ctx.db.prepare("UPDATE shipping_orders SET exception_reason = '' WHERE order_no = ?").run(orderNo);
    const r = JSON.parse(row.recipient) as Recipient;
    appendShippingEvent(ctx, { orderNo, at: now, status: 'shipped', location: `Customs, ${r.country}`, description: 'Cleared by customs; back in transit', code: 'shipping.customs_cleared' });
    cancelStep(ctx.db, 'shipping.clear_exception', orderNo);
  });
  return getShippingOrder(ctx, orderNo);
}

/**
 * Lost in transit or seized by customs (terminal): insured, the declared value and the shipping fee come
 * back as an insurance_payout; uninsured, nothing. Packages become lost; their purchase orders complete.
 */
const LOSS_REASONS = { 'shipping.lost_in_transit': 'Lost in transit by the carrier', 'shipping.customs_seized': 'Seized by customs' } as const;

export function loseShipment(ctx: CoreContext, orderNo: string, cause: keyof typeof LOSS_REASONS) {
  const reason = LOSS_REASONS[cause];
  step(ctx, orderNo, 'lose', undefined, (row, _t, now) => {
    const payout = lossPayout({ insurance: row.insurance === 1, declaredValue: row.declared_value_minor, shippingFee: row.shipping_fee_minor });
    ctx.db.prepare('UPDATE shipping_orders SET exception_reason = ?, payout_minor = ? WHERE order_no = ?').run(reason, payout, orderNo);
    if (payout > 0) {
      postEntry(ctx, {
        userId: row.user_id,
        type: 'insurance_payout',
        amount: payout,
        reference: orderNo,
        description: `Insurance payout for ${orderNo}: declared value ${formatAmount(row.declared_value_minor, ctx.currency)} + shipping fee ${formatAmount(row.shipping_fee_minor, ctx.currency)}`,
      });
    }
    appendShippingEvent(ctx, {
      orderNo,
      at: now,
      status: 'lost',
      location: '',
      description: `${reason}; ${payout > 0 ? `insurance paid ${formatAmount(payout, ctx.currency)}` : 'not insured: nothing paid back'}`,
      code: cause,
      params: { amount: toAmount(payout), currency: ctx.currency },
    });
    emitEvent(ctx, 'shipping.exception', row.user_id, { orderNo, status: 'lost', reason, at: now });
    cancelStep(ctx.db, 'shipping.clear_exception', orderNo);
    completePurchaseOrders(ctx, orderNo);
  });
  return getShippingOrder(ctx, orderNo);
}

/** Runs a shipping scenario now (admin simulate, a programmed header, the autopilot's draw). 409 when it does not fit. */
export function runShippingScenario(ctx: CoreContext, orderNo: string, scenario: ShippingScenario) {
  const row = requireShippingOrderRow(ctx, orderNo);
  const fits = (SHIPPING_SCENARIO_STATUSES[scenario] as readonly string[]).includes(row.status);
  if (!fits) {
    throw conflict(`Shipping order ${orderNo} is ${row.status}; scenario ${scenario} needs ${scenario === 'customs_hold' ? 'a shipped' : 'a shipped or exception'} order`);
  }
  return ctx.db.transaction(() => {
    markScenarioFired(ctx, orderNo, scenario);
    if (scenario === 'customs_hold') return holdShipment(ctx, orderNo, 'Held by customs for inspection');
    if (scenario === 'lost_in_transit') return loseShipment(ctx, orderNo, 'shipping.lost_in_transit');
    return loseShipment(ctx, orderNo, 'shipping.customs_seized');
  }).immediate();
}

/**
 * The first programmed scenario not yet fired, fired now; else, for the autopilot, one drawn at the
 * operator's rates (a hash of the order number, so a replay draws the same). False when none fires.
 */
function firePendingScenario(ctx: CoreContext, row: ShippingOrderRow, draw: boolean): boolean {
  const next = pendingScenarios(row)[0] ?? (draw && scenarioRecords(row).length === 0 ? drawScenario(ctx, row.order_no) : null);
  if (!next) return false;
  runShippingScenario(ctx, row.order_no, next);
  return true;
}
