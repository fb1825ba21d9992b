import type { CoreContext } from '../context.js';
import { shippingSupplementsOf } from './supplements.js';
import { paramsOf } from '../orders/timeline.js';
import { notFound } from '../shared/errors.js';
import { toAmount } from '../shared/money.js';
import { cursorOf, offsetOf, pageOf, unknownCursor, type Page, type Paging } from '../shared/pagination.js';
import { packagesOfShippingOrder } from '../warehouse/packages.js';
import { scenarioRecords } from './scenarios.js';
import type { ShippingStatus } from './state-machine.js';
import { shippingOrderRows, type ShippingOrderRow } from './rows.js';
import type { ShippingOrderListItem } from '../../../contract/open/shipping.js';

/** Read views of shipping orders: the list item of api-v1.md and the detail of decisions.md. */
export type { ShippingOrderRow } from './rows.js';

export interface Recipient {
  name: string;
  phone: string;
  country: string;
  state: string;
  city: string;
  address: string;
  zipCode: string;
}

/** One shipping order, the user's own when userId is given (another user's is as unknown as a missing one). */
export function findShippingOrderRow(ctx: CoreContext, orderNo: string, userId?: number): ShippingOrderRow | null {
  const row = shippingOrderRows.one(ctx.db.prepare('SELECT * FROM shipping_orders WHERE order_no = ?').get(orderNo));
  if (!row || (userId !== undefined && row.user_id !== userId)) return null;
  return row;
}

export function requireShippingOrderRow(ctx: CoreContext, orderNo: string, userId?: number): ShippingOrderRow {
  const row = findShippingOrderRow(ctx, orderNo, userId);
  if (!row) throw notFound(`Shipping order ${orderNo} not found`);
  return row;
}

function listItem(row: ShippingOrderRow) {
  return {
    orderNo: row.order_no,
    status: row.status,
    channelName: row.channel_name,
    trackingNo: row.tracking_no,
    totalWeight: row.total_weight_g,
    shippingFee: toAmount(row.shipping_fee_minor),
    createdAt: row.created_at,
    channelId: row.channel_id,
    currency: row.currency,
  };
}

export type { ShippingOrderListItem };

/**
 * Newest first. The page comes from the (user[, status], created_at) index (migration 005): a deep page
 * skips index entries only, a cursor (an order number) seeks straight to its position; the total from
 * shipping_order_counts.
 */
export function listShippingOrders(
  ctx: CoreContext,
  userId: number,
  query: Paging & { status?: ShippingStatus },
): Page<ShippingOrderListItem> {
  const filter = query.status ? 'user_id = ? AND status = ?' : 'user_id = ?';
  const args: (string | number)[] = query.status ? [userId, query.status] : [userId];
  const total = ctx.db.prepare(`SELECT COALESCE(SUM(n), 0) FROM shipping_order_counts WHERE ${filter}`).pluck().get(...args) as number;
  const cursor = cursorOf(query);
  let rows: ShippingOrderRow[];
  if (cursor === null) {
    rows = shippingOrderRows.all(
      ctx.db
        .prepare(
          `SELECT * FROM shipping_orders WHERE rowid IN (
             SELECT rowid FROM shipping_orders WHERE ${filter} ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?)
           ORDER BY created_at DESC, rowid DESC`,
        )
        .all(...args, query.limit, offsetOf(query)),
    );
  } else {
    const after = ctx.db.prepare('SELECT created_at, rowid AS id FROM shipping_orders WHERE order_no = ? AND user_id = ?').get(cursor, userId) as
      | { created_at: string; id: number }
      | undefined;
    if (!after) unknownCursor();
    rows = shippingOrderRows.all(
      ctx.db
        .prepare(`SELECT * FROM shipping_orders WHERE ${filter} AND (created_at, rowid) < (?, ?) ORDER BY created_at DESC, rowid DESC LIMIT ?`)
        .all(...args, after.created_at, after.id, query.limit),
    );
  }
  return pageOf(rows.map(listItem), total, query);
}

export function shippingOrderDetail(ctx: CoreContext, row: ShippingOrderRow) {
  const supplements = shippingSupplementsOf(ctx, row.order_no);
  const events = ctx.db
    .prepare('SELECT at, status, location, description, code, params FROM shipping_events WHERE shipping_order_no = ? ORDER BY at, id')
    .all(row.order_no) as { at: string; status: string; location: string; description: string; code: string | null; params: string | null }[];
  return {
    ...listItem(row),
    channelId: row.channel_id,
    recipient: JSON.parse(row.recipient) as Recipient,
    items: packagesOfShippingOrder(ctx, row.order_no).map((p) => ({
      inventoryId: p.id,
      name: p.product_name,
      quantity: p.quantity,
      weight: p.weight_g,
      cargoType: p.cargo_type,
      orderId: p.order_no,
    })),
    events: events.map((e) => ({ ...e, params: e.code === null ? null : (paramsOf(e.params) ?? {}) })),
    shippedAt: row.shipped_at,
    deliveredAt: row.delivered_at,
    remark: row.remark,
    updatedAt: row.updated_at,
    // v1.1 section 5-8
    declaredValue: toAmount(row.declared_value_minor),
    insurance: row.insurance === 1,
    insurancePremium: toAmount(row.insurance_premium_minor),
    storageFees: toAmount(row.storage_fees_minor),
    totalCharge: toAmount(heldTotal(row)),
    couponId: row.coupon_id,
    couponDiscount: toAmount(row.coupon_discount_minor),
    // v1.2 section 10: quoted beside billed
    chargeWeight: row.charge_weight_g ?? row.total_weight_g,
    packedWeight: row.packed_weight_g,
    packedDimensions: row.packed_dimensions ? (JSON.parse(row.packed_dimensions) as { l: number; w: number; h: number }) : null,
    volumetricWeight: row.volumetric_weight_g,
    billedWeight: row.billed_weight_g,
    billedShippingFee: row.billed_fee_minor === null ? null : toAmount(row.billed_fee_minor),
    supplements,
    amountDue: toAmount(
      ctx.db.prepare("SELECT COALESCE(SUM(amount_minor), 0) FROM shipping_supplements WHERE shipping_order_no = ? AND status = 'pending'").pluck().get(row.order_no) as number,
    ),
    estimatedDuties: toAmount(row.estimated_duties_minor),
    rehearsalId: row.rehearsal_id,
    dimensions: row.dimensions ? (JSON.parse(row.dimensions) as { length: number; width: number; height: number }) : null,
    exceptionReason: row.exception_reason,
    insurancePayout: toAmount(row.payout_minor),
    scenarios: scenarioRecords(row),
  };
}

export function getShippingOrder(ctx: CoreContext, orderNo: string, userId?: number) {
  return shippingOrderDetail(ctx, requireShippingOrderRow(ctx, orderNo, userId));
}

/** What a shipping order holds and captures: freight less its coupon, plus insurance and storage. */
export function heldTotal(row: Pick<ShippingOrderRow, 'shipping_fee_minor' | 'coupon_discount_minor' | 'insurance_premium_minor' | 'storage_fees_minor'>): number {
  return row.shipping_fee_minor - row.coupon_discount_minor + row.insurance_premium_minor + row.storage_fees_minor;
}
