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
import { freightPaid, lossPayout, settledFee } from './charges.js';
import { shippingSupplementRows } from './rows.js';
import { SHIPPING_SCENARIO_STATUSES } from '../../../contract/enums.js';
import { drawScenario, markScenarioFired, pendingScenarios, scenarioRecords, type ShippingScenario } from './scenarios.js';
import { movePackages, packagesOfShippingOrder } from '../warehouse/packages.js';
import { appendShippingEvent, WAREHOUSE_LOCATION } from './events.js';
import { getShippingOrder, heldTotal, requireShippingOrderRow, type Recipient, type ShippingOrderRow } from './queries.js';
import { returnCoupon } from '../coupons/redemption.js';
import { computeFreight, type PriceModel } from '../logistics/freight.js';
import type { PackedParcel } from '../logistics/packing.js';
import { volumetricGrams } from '../logistics/estimate-rules.js';
import { readFigure, readFigures } from '../warehouse/figures.js';
import { packedVolumeBp } from '../warehouse/services.js';
import { settleFee, toleranceOf, weighParcel } from './packed-weight.js';
import { drawPackingShareBp } from './packed-weight-draw.js';
import {
  findShippingSupplement,
  pendingShippingSupplements,
  raiseShippingSupplement,
  requireShippingSupplement,
  resolveShippingSupplement,
  shippingSupplementsOf,
  supplementView,
} from './supplements.js';
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
export function cancelShippingOrder(ctx: CoreContext, userId: number | undefined, orderNo: string, reason?: string) {
  const note = (reason ?? '').trim().slice(0, MAX_REASON);
  let released = 0;
  step(ctx, orderNo, 'cancel', userId, (row, _t, now) => {
    // v1.2 section 10: a supplement still pending goes with the shipment.
    for (const sup of pendingShippingSupplements(ctx, orderNo)) resolveShippingSupplement(ctx, sup, 'expired');
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
      description: `Cancelled ${userId === undefined ? 'by the service' : 'by the customer'}${note ? ` (${note})` : ''}; ${formatAmount(released, ctx.currency)} released to the available balance; packages back in the warehouse`,
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

/**
 * The back office hands the parcel to the carrier (admin route, autopilot, CLI). A pending order is weighed
 * first (v1.2 section 10, packed-weight.ts): a parcel over the tolerance waits in awaiting_payment for its
 * shipping supplement instead of leaving; otherwise what the settlement charges is captured (the whole hold,
 * or, for a lighter parcel, the new fee with the rest released). An order awaiting payment: 409.
 */
export function dispatchShippingOrder(ctx: CoreContext, orderNo: string, trackingNo?: string) {
  ctx.db
    .transaction(() => {
      const row = requireShippingOrderRow(ctx, orderNo);
      if (row.status === 'pending' && weighShipment(ctx, row).kind === 'supplement') {
        const amount = settlementOf(ctx, requireShippingOrderRow(ctx, orderNo)).supplement;
        step(ctx, orderNo, 'weigh', undefined, () => raiseShippingSupplement(ctx, orderNo, row.user_id, amount));
        return;
      }
      if (row.status === 'awaiting_payment') throw conflict(`Shipping order ${orderNo} is awaiting payment of its shipping supplement; it leaves once that is paid`);
      handOver(ctx, orderNo, trackingNo);
    })
    .immediate();
  return getShippingOrder(ctx, orderNo);
}

function handOver(ctx: CoreContext, orderNo: string, trackingNo?: string): void {
  step(ctx, orderNo, 'dispatch', undefined, (row, _t, now) => {
    const carrier = findChannel(ctx, row.channel_id)?.carrier ?? row.channel_name;
    const tracking = trackingNo?.trim() || generateTrackingNo(ctx, carrier);
    ctx.db.prepare('UPDATE shipping_orders SET tracking_no = ?, shipped_at = ? WHERE order_no = ?').run(tracking, now, orderNo);
    const held = heldTotal(row);
    const charged = row.charged_total_minor ?? held;
    if (held > 0 && charged === held) captureHold(ctx, orderNo, 'shipping_payment', chargeDescription(ctx, row));
    else if (held > 0) {
      // A lighter parcel: the hold goes back and only the new charge leaves, in this one transaction.
      releaseHold(ctx, orderNo);
      if (charged > 0) postEntry(ctx, { userId: row.user_id, type: 'shipping_payment', amount: -charged, reference: orderNo, description: chargeDescription(ctx, row) });
    }
    appendShippingEvent(ctx, { orderNo, at: now, status: 'shipped', location: WAREHOUSE_LOCATION, description: `Handed to ${carrier}, tracking number ${tracking}`, code: 'shipping.handed_to_carrier', params: { carrier, trackingNo: tracking } });
  });
}

/** The settlement of a weighed order, from what weighing stored. */
function settlementOf(ctx: CoreContext, row: ShippingOrderRow) {
  return settleFee(row.shipping_fee_minor, row.billed_fee_minor ?? row.shipping_fee_minor, readFigure(ctx, 'weightToleranceBp'));
}

/**
 * The warehouse weighs and measures the packed parcel (once): a packed rehearsal's parcel as it was packed,
 * else the packages plus box and filler drawn for this order (a hash of its number: replays pack the same).
 * Scenario `overweight` adds the channel's steps until the new fee is beyond the tolerance. Stores packed,
 * volumetric and billed weight, the billed fee and what dispatch will charge. In the caller's transaction.
 */
function weighShipment(ctx: CoreContext, row: ShippingOrderRow) {
  if (row.billed_fee_minor !== null) return settlementOf(ctx, row);
  const channel = findChannel(ctx, row.channel_id);
  const figures = readFigures(ctx);
  const packages = packagesOfShippingOrder(ctx, row.order_no);
  let parcel: PackedParcel;
  const boxed = row.rehearsal_id && row.dimensions ? (JSON.parse(row.dimensions) as { length: number; width: number; height: number }) : null;
  if (boxed) parcel = { weight: row.total_weight_g, ...boxed };
  else {
    // The draw: a hash of the order number, so the same order packs the same on a replay (the rule a rehearsal packs by too).
    const shareBp = drawPackingShareBp(ctx, packages.map((p) => p.id), row.order_no);
    parcel = weighParcel(packages.map((p) => ({ weight: p.weight_g, volumeBp: packedVolumeBp(ctx, p.id) })), shareBp);
  }
  // Priced again on the table of the quote (the operator repricing the channel meanwhile changes nothing).
  const price = row.quote_price ? (JSON.parse(row.quote_price) as PriceModel) : channel?.price;
  let freight = price ? computeFreight(price, parcel) : null;
  if (channel && price && pendingScenarios(row).includes('overweight')) {
    markScenarioFired(ctx, row.order_no, 'overweight');
    const beyond = row.shipping_fee_minor + toleranceOf(row.shipping_fee_minor, figures.weightToleranceBp);
    while (freight!.totalPrice <= beyond && parcel.weight < channel.weightRange.max) {
      parcel = { ...parcel, weight: parcel.weight + price.stepWeight };
      freight = computeFreight(price, parcel);
    }
  }
  const billedFee = freight?.totalPrice ?? row.shipping_fee_minor;
  const settlement = settleFee(row.shipping_fee_minor, billedFee, figures.weightToleranceBp);
  const charged = Math.max(0, settlement.chargedFee - row.coupon_discount_minor) + row.insurance_premium_minor + row.storage_fees_minor;
  const volumetric = freight && price?.volumetricDivisor ? freight.volumetricWeight : volumetricGrams(parcel.length * parcel.width * parcel.height, 6000);
  ctx.db
    .prepare(
      `UPDATE shipping_orders SET packed_weight_g = ?, packed_dimensions = ?, volumetric_weight_g = ?, billed_weight_g = ?, billed_fee_minor = ?,
         charged_total_minor = ? WHERE order_no = ?`,
    )
    .run(parcel.weight, JSON.stringify({ l: parcel.length, w: parcel.width, h: parcel.height }), volumetric, freight?.chargeWeight ?? parcel.weight, billedFee, charged, row.order_no);
  return settlement;
}

/**
 * The customer pays the shipping supplement of an order awaiting payment (402 when short, 409 unless
 * pending): ledger `shipping_supplement`, then the parcel leaves at once (the hold is captured).
 */
export function payShippingSupplement(ctx: CoreContext, userId: number, orderNo: string, id: number) {
  return ctx.db
    .transaction(() => {
      requireShippingOrderRow(ctx, orderNo, userId);
      const sup = requireShippingSupplement(ctx, orderNo, id);
      if (sup.status !== 'pending') throw conflict(`Supplement ${id} is ${sup.status}; only a pending supplement can be paid`);
      postEntry(ctx, { userId, type: 'shipping_supplement', amount: -sup.amount_minor, reference: orderNo, description: `Packed-weight supplement ${id} for shipping order ${orderNo}` });
      resolveShippingSupplement(ctx, sup, 'paid');
      handOver(ctx, orderNo);
      return supplementView(requireShippingSupplement(ctx, orderNo, id));
    })
    .immediate();
}

export function listShippingSupplements(ctx: CoreContext, userId: number, orderNo: string) {
  requireShippingOrderRow(ctx, orderNo, userId);
  return shippingSupplementsOf(ctx, orderNo);
}

/** The due step: a supplement unpaid at its expiry cancels the shipment (hold released, packages back, coupon back). */
export function expireShippingSupplement(ctx: CoreContext, id: number): void {
  const sup = findShippingSupplement(ctx, id);
  if (!sup || sup.status !== 'pending' || Date.parse(ctx.nowIso()) < Date.parse(sup.expires_at)) return;
  cancelShippingOrder(ctx, undefined, sup.shipping_order_no, 'the shipping supplement was not paid in time');
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
 * Lost in transit or seized by customs (terminal): insured, the declared value and the freight actually
 * paid (charges.ts freightPaid) come back as an insurance_payout; uninsured, nothing. Packages become
 * lost; their purchase orders complete.
 */
const LOSS_REASONS = { 'shipping.lost_in_transit': 'Lost in transit by the carrier', 'shipping.customs_seized': 'Seized by customs' } as const;

export function loseShipment(ctx: CoreContext, orderNo: string, cause: keyof typeof LOSS_REASONS) {
  const reason = LOSS_REASONS[cause];
  step(ctx, orderNo, 'lose', undefined, (row, _t, now) => {
    // Section 7, "declared value + fee paid back": the freight actually paid (coupon off, paid supplements on).
    const freight = {
      shippingFee: row.shipping_fee_minor,
      billedFee: row.billed_fee_minor,
      couponDiscount: row.coupon_discount_minor,
      supplements: shippingSupplementRows
        .all(ctx.db.prepare('SELECT * FROM shipping_supplements WHERE shipping_order_no = ?').all(orderNo))
        .map((s) => ({ amount: s.amount_minor, status: s.status })),
    };
    const payout = lossPayout({ insurance: row.insurance === 1, declaredValue: row.declared_value_minor, ...freight });
    ctx.db.prepare('UPDATE shipping_orders SET exception_reason = ?, payout_minor = ? WHERE order_no = ?').run(reason, payout, orderNo);
    if (payout > 0) {
      postEntry(ctx, {
        userId: row.user_id,
        type: 'insurance_payout',
        amount: payout,
        reference: orderNo,
        description: `Insurance payout for ${orderNo}: ${payoutParts(ctx, row.declared_value_minor, freight)}`,
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

/**
 * The payout's sum in words: "declared value 300.00 CNY + shipping fee 85.05 CNY" when the quote is what
 * was paid, else "declared value ... + freight paid 86.94 CNY (shipping fee 85.05 CNY, coupon -17.01 CNY,
 * packed-weight supplement 18.90 CNY)" (a lighter parcel: "billed fee" for the fee it settled at).
 */
function payoutParts(ctx: CoreContext, declared: number, freight: Parameters<typeof freightPaid>[0]): string {
  const money = (minor: number) => formatAmount(minor, ctx.currency);
  const fee = settledFee(freight.shippingFee, freight.billedFee ?? null);
  const supplements = (freight.supplements ?? []).filter((s) => s.status === 'paid');
  const coupon = freight.couponDiscount ?? 0;
  if (fee === freight.shippingFee && coupon === 0 && supplements.length === 0) return `declared value ${money(declared)} + shipping fee ${money(fee)}`;
  const parts = [fee === freight.shippingFee ? `shipping fee ${money(fee)}` : `billed fee ${money(fee)}`];
  if (coupon > 0) parts.push(`coupon -${money(Math.min(coupon, fee))}`);
  for (const s of supplements) parts.push(`packed-weight supplement ${money(s.amount)}`);
  return `declared value ${money(declared)} + freight paid ${money(freightPaid(freight))} (${parts.join(', ')})`;
}

/** Runs a shipping scenario now (admin simulate, a programmed header, the autopilot's draw). 409 when it does not fit. */
export function runShippingScenario(ctx: CoreContext, orderNo: string, scenario: ShippingScenario) {
  const row = requireShippingOrderRow(ctx, orderNo);
  const fits = (SHIPPING_SCENARIO_STATUSES[scenario] as readonly string[]).includes(row.status);
  if (!fits) {
    throw conflict(`Shipping order ${orderNo} is ${row.status}; scenario ${scenario} needs ${SHIPPING_SCENARIO_STATUSES[scenario].map((s) => `a ${s}`).join(' or ')} order`);
  }
  if (scenario === 'overweight') {
    // Programmed, then weighed now: the parcel comes out over the tolerance (weighShipment fires it).
    return ctx.db
      .transaction(() => {
        const list = scenarioRecords(row).filter((s) => s.name !== 'overweight');
        ctx.db.prepare('UPDATE shipping_orders SET scenarios = ? WHERE order_no = ?').run(JSON.stringify([...list, { name: 'overweight', firedAt: null }]), orderNo);
        return dispatchShippingOrder(ctx, orderNo);
      })
      .immediate();
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
  // overweight fires at weighing, not in transit.
  const next = pendingScenarios(row).filter((s) => s !== 'overweight')[0] ?? (draw && scenarioRecords(row).length === 0 ? drawScenario(ctx, row.order_no) : null);
  if (!next) return false;
  runShippingScenario(ctx, row.order_no, next);
  return true;
}
