import type { CoreContext } from '../context.js';
import { englishNote, money, part, type TimelinePart } from './timeline.js';
import { returnCoupon } from '../coupons/redemption.js';
import { inspectionPhotoPath } from '../media/media.js';
import { conflict } from '../shared/errors.js';
import type { Minor } from '../shared/money.js';
import { postEntry } from '../wallet/ledger.js';
import { receiveOrderPackages } from '../warehouse/receive.js';
import {
  generateCarrier,
  generateMarketplaceOrderNo,
  generateTrackingNo,
  midpoint,
  sellerCity,
  SORTING_CENTRE,
  WAREHOUSE_LOCATION,
} from './generated-records.js';
import { readSetting } from '../settings/settings.js';
import { decisionDeadline } from './after-sales-rules.js';
import { orderMoney } from './order-money.js';
import { declinePendingSupplements } from './supplement-resolution.js';
import { recordStatusChange } from './order-status.js';
import { canTransition, findTransition, type Actor, type Effect, type OrderStatus } from './state-machine.js';
import { orderItems, requireOrder, type OrderRow } from './views.js';
import type { InspectionInput } from '../../../contract/admin/orders.js';
import { inspectionNotesOf, type InspectionNotes } from './inspection-notes.js';
import type { LogisticsCode } from '../../../contract/timeline.js';

/**
 * Moving an order through its lifecycle: the state machine's transition together with its side effects
 * (money, coupon, stock, the staff's records, packages), in one transaction. The user's cancel, the back
 * office (API, CLI, UI) and the autopilot all go through `applyTransition`, so they write the same rows.
 */
export type InspectionResult = 'passed' | 'issue_found';

export type { InspectionInput };
/** What the person (or autopilot) moving the order knows; anything left out is generated. */
export interface StepData {
  /** Timeline note; a description of the step when absent. */
  note?: string;
  /** The timeline entry as parts (its English note is made from them); wins over `note`. */
  parts?: TimelinePart[];
  /** Why an order was cancelled or refunded (kept on the order and used as the timeline note). */
  reason?: string;
  /** `reason` as a timeline part, when the code wrote it (a typed reason is shown as typed). */
  reasonPart?: TimelinePart;
  marketplaceOrderNo?: string;
  carrier?: string;
  trackingNo?: string;
  inspection?: InspectionInput;
  /** The inspection notes as the core writes them (a scenario's finding); typed `inspection.notes` win. */
  inspectionNotes?: InspectionNotes;
}

export interface TransitionOutcome {
  orderNo: string;
  from: OrderStatus;
  to: OrderStatus;
  at: string;
  /** Money credited back to the wallet by this transition (0 when none). */
  refunded: Minor;
}

/** The number of photos generated for an inspection without any. */
export const GENERATED_PHOTO_COUNT = 3;

interface EffectRun {
  ctx: CoreContext;
  order: OrderRow;
  to: OrderStatus;
  data: StepData;
  /** Set by the effects: the money refunded, and what the timeline should say when no note is given. */
  refunded: Minor;
  notes: TimelinePart[];
}

const EFFECTS: Record<Effect, (run: EffectRun) => void> = {
  refund_full(run) {
    const { ctx, order } = run;
    // Everything paid for the order (totalAmount + paid supplements) less what was already given back
    // (a price decrease): nothing is refunded twice.
    const amount = orderMoney(ctx, order.order_no).left;
    if (amount > 0) {
      postEntry(ctx, {
        userId: order.user_id,
        type: 'order_refund',
        amount,
        reference: order.order_no,
        description: `Refund for purchase order ${order.order_no} (${run.to})`,
      });
    }
    run.refunded = amount;
    run.notes.push(part('order.refunded_to_wallet', money(amount, order.currency)));
    // v1.1: an order cancelled or refunded while a supplement waits is not bought: the supplement goes with it.
    declinePendingSupplements(ctx, order.order_no);
  },

  return_coupon(run) {
    if (returnCoupon(run.ctx, run.order.order_no)) run.notes.push(part('order.coupon_returned', { couponId: run.order.coupon_id ?? 0 }));
  },

  restore_stock({ ctx, order }) {
    const give = ctx.db.prepare('UPDATE product_skus SET stock = stock + ? WHERE product_id = ? AND sku_id = ?');
    for (const item of orderItems(ctx, order.order_no)) give.run(item.quantity, item.product_id, item.sku_id);
  },

  record_marketplace_order(run) {
    const { ctx, order, data } = run;
    // v1.1: one marketplace order per seller group (platform + shop); a number the staff give is the first group's.
    const setGroup = ctx.db.prepare('UPDATE order_items SET marketplace_order_no = ? WHERE order_no = ? AND platform = ? AND shop_name = ?');
    const draw = ctx.random.draw();
    const numbers = sellerGroupsOf(ctx, order.order_no).map((g, index) => {
      const number = index === 0 && data.marketplaceOrderNo ? data.marketplaceOrderNo : generateMarketplaceOrderNo(draw, g.platform || order.platform);
      setGroup.run(number, order.order_no, g.platform, g.shop_name);
      return number;
    });
    const number = numbers[0] ?? data.marketplaceOrderNo ?? generateMarketplaceOrderNo(draw, order.platform);
    ctx.db.prepare('UPDATE orders SET marketplace_order_no = ? WHERE order_no = ?').run(number, order.order_no);
    run.notes.push(
      numbers.length > 1
        ? part('order.bought_from_sellers', { count: numbers.length, marketplaceOrderNos: numbers.join(', ') })
        : part('order.bought', { platform: order.platform, marketplaceOrderNo: number }),
    );
  },

  record_domestic_shipment(run) {
    const { ctx, order, data } = run;
    // Each seller sends its own parcel (issue 26 item 9): a carrier and tracking number per seller group,
    // all from one draw of the world's stream. A carrier or number the staff give is the first group's;
    // the order's own pair (v1 `logistics`) is the first group's too.
    const setGroup = ctx.db.prepare('UPDATE order_items SET domestic_carrier = ?, domestic_tracking_no = ? WHERE order_no = ? AND platform = ? AND shop_name = ?');
    const draw = ctx.random.draw();
    const parcels = sellerGroupsOf(ctx, order.order_no).map((g, index) => {
      const carrier = (index === 0 ? data.carrier : undefined) ?? generateCarrier(draw);
      const trackingNo = (index === 0 ? data.trackingNo : undefined) ?? generateTrackingNo(draw, carrier);
      setGroup.run(carrier, trackingNo, order.order_no, g.platform, g.shop_name);
      addLogisticsEvent(ctx, order.order_no, ctx.nowIso(), sellerCity(g.platform || order.platform, order.order_no), `Shipped by the seller; picked up by ${carrier}`, 'logistics.seller_shipped', { carrier });
      return { carrier, trackingNo };
    });
    const first = parcels[0]!; // an order has at least one line
    ctx.db.prepare('UPDATE orders SET carrier = ?, tracking_no = ? WHERE order_no = ?').run(first.carrier, first.trackingNo, order.order_no);
    run.notes.push(
      parcels.length > 1
        ? part('order.sellers_shipped', { count: parcels.length, parcels: parcels.map((p) => `${p.carrier} ${p.trackingNo}`).join(', ') })
        : part('order.seller_shipped', first),
    );
  },

  record_warehouse_arrival({ ctx, order }) {
    const now = ctx.nowIso();
    const shipped = ctx.db.prepare('SELECT MIN(at) AS at FROM order_logistics_events WHERE order_no = ?').get(order.order_no) as { at: string | null };
    if (shipped.at) addLogisticsEvent(ctx, order.order_no, midpoint(shipped.at, now), SORTING_CENTRE, 'In transit: arrived at the sorting centre', 'logistics.sorting_centre');
    addLogisticsEvent(ctx, order.order_no, now, WAREHOUSE_LOCATION, 'Delivered: signed for at the warehouse', 'logistics.warehouse_signed');
  },

  record_inspection(run) {
    const { ctx, order, data } = run;
    const input = data.inspection ?? {};
    const result = input.result ?? 'passed';
    const weight = input.weight ?? orderItems(ctx, order.order_no).reduce((sum, i) => sum + i.weight_g * i.quantity, 0);
    const { notes, parts: notesParts } = inspectionNotesOf(result, input.notes, data.inspectionNotes);
    const photos = input.photos && input.photos.length > 0
      ? [...input.photos]
      : Array.from({ length: GENERATED_PHOTO_COUNT }, (_, i) => inspectionPhotoPath(order.order_no, i));
    ctx.db
      .prepare(
        `UPDATE orders SET inspection_result = ?, inspection_weight_g = ?, inspection_notes = ?, inspection_notes_parts = ?, inspection_photos = ?, inspected_at = ?
          WHERE order_no = ?`,
      )
      .run(result, weight, notes, notesParts ? JSON.stringify(notesParts) : null, JSON.stringify(photos), ctx.nowIso(), order.order_no);
    const now = ctx.nowIso();
    ctx.db
      .prepare('UPDATE orders SET arrived_at = ?, decision_deadline = ? WHERE order_no = ?')
      .run(now, decisionDeadline(now, readSetting(ctx.db, 'decisionWindowDays')), order.order_no);
    run.notes.push(part('order.arrived_inspected', { result, weight }));
  },

  create_packages({ ctx, order, data }) {
    const inspected = ctx.db.prepare('SELECT inspection_weight_g FROM orders WHERE order_no = ?').get(order.order_no) as {
      inspection_weight_g: number | null;
    };
    // Photos the staff took are the order's; without them each package gets its own line's QC photos (v1.1).
    receiveOrderPackages(ctx, order.order_no, {
      inspectedWeightGrams: inspected.inspection_weight_g ?? undefined,
      photos: data.inspection?.photos && data.inspection.photos.length > 0 ? data.inspection.photos : undefined,
    });
  },
};

/** The order's seller groups (platform + shop), in the order their first line was added. */
function sellerGroupsOf(ctx: CoreContext, orderNo: string): { platform: string; shop_name: string }[] {
  return ctx.db
    .prepare('SELECT platform, shop_name FROM order_items WHERE order_no = ? AND replaces_item_id IS NULL GROUP BY platform, shop_name ORDER BY MIN(id)')
    .all(orderNo) as { platform: string; shop_name: string }[];
}

/** A domestic tracking event: its English description and the same as a code with values (for the UI's words). */
function addLogisticsEvent(ctx: CoreContext, orderNo: string, at: string, location: string, description: string, code: LogisticsCode, params: Record<string, string> = {}): void {
  ctx.db
    .prepare('INSERT INTO order_logistics_events (order_no, at, location, description, code, params) VALUES (?, ?, ?, ?, ?, ?)')
    .run(orderNo, at, location, description, code, JSON.stringify(params));
}

/**
 * A pending supplement holds the purchase (extensions.md section 2): 409 while one waits for the user. The
 * purchase transition checks it, and so does the back office's advance before the purchase step's
 * scenarios fire (admin.ts), so a held order raises nothing more.
 */
export function requireNoPendingSupplement(ctx: CoreContext, orderNo: string): void {
  if (ctx.db.prepare("SELECT 1 FROM order_supplements WHERE order_no = ? AND status = 'pending' LIMIT 1").get(orderNo)) {
    throw conflict(`Order ${orderNo} has a pending supplement and cannot be purchased until it is paid`);
  }
}

/**
 * Applies one transition of the state machine with its effects. 404 for an unknown order (or another
 * user's, when `userId` is given); 409 when the order's status does not allow it for this actor.
 */
export function applyTransition(
  ctx: CoreContext,
  orderNo: string,
  to: OrderStatus,
  actor: Actor,
  data: StepData = {},
  options: { userId?: number } = {},
): TransitionOutcome {
  return ctx.db
    .transaction(() => {
      const order = requireOrder(ctx, orderNo, options.userId ?? null);
      const transition = findTransition(order.status, to);
      if (!transition || !canTransition(order.status, to, actor)) {
        throw conflict(`Order ${orderNo} is ${order.status} and cannot move to ${to}`);
      }
      if (to === 'purchased') requireNoPendingSupplement(ctx, orderNo);
      const run: EffectRun = { ctx, order, to, data, refunded: 0, notes: [] };
      for (const effect of transition.effects) EFFECTS[effect](run);
      if (data.reason !== undefined && (to === 'cancelled' || to === 'refunded')) {
        ctx.db.prepare('UPDATE orders SET cancel_reason = ? WHERE order_no = ?').run(data.reason, orderNo);
      }
      const ending = to === 'cancelled' || to === 'refunded';
      const reason = ending ? (data.reasonPart ?? (data.reason ? part('order.reason', { text: data.reason }) : null)) : null;
      const headline = reason ?? headlineOf(to, actor);
      // A note someone typed stays as typed (no parts); otherwise the entry is written as parts.
      const parts = data.parts ?? (data.note !== undefined ? null : [...(headline ? [headline] : []), ...run.notes]);
      const change = recordStatusChange(ctx, orderNo, to, actor, data.note ?? englishNote(parts ?? []), parts);
      return { orderNo, from: change.from, to, at: change.at, refunded: run.refunded };
    })
    .immediate();
}

/** The start of a timeline note for steps whose effects do not describe them on their own. */
function headlineOf(to: OrderStatus, actor: Actor): TimelinePart | null {
  switch (to) {
    case 'paid':
      return part('order.payment_confirmed');
    case 'cancelled':
      return part(actor === 'user' ? 'order.cancelled_by_user' : 'order.cancelled_by_back_office');
    case 'refunded':
      return part('order.refunded_unavailable');
    case 'completed':
      return part('order.all_delivered');
    default:
      return null;
  }
}
