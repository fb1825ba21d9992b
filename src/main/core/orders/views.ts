import type { CoreContext } from '../context.js';
import { paramsOf, partsOf } from './timeline.js';
import { notFound } from '../shared/errors.js';
import { toAmount } from '../shared/money.js';
import { cursorOf, offsetOf, pageOf, unknownCursor, type Page, type Paging } from '../shared/pagination.js';
import type { OrderStatus } from './state-machine.js';
import { BLOCK_SHIFT } from '../db/migrations/009-order-status-ranks.js';
import type { AdminOrderDetail, AdminOrderListItem } from '../../../contract/admin/orders.js';
import type { OrderDetail, OrderInspection, OrderItem, OrderListItem, OrderLogistics, OrderReturn, PhotoRequest, Supplement } from '../../../contract/open/orders.js';
import { listPhotoRequests, requestedPhotos, requestedPhotosOf } from './photo-requests.js';
import { listReturns } from './returns.js';
import { readScenarios } from './scenarios.js';
import { listSupplements } from './supplements.js';
import { orderMoneyTotals, type OrderMoneyTotals } from './order-money.js';
import { orderOutcome, orderPackageStatuses } from './outcome.js';
import { orderItemRows, orderListRows, orderRows, timelineRows, type OrderItemRow, type OrderRow } from './rows.js';
import type { RowOf } from '../db/row-reader.js';
import { readSetting } from '../settings/settings.js';

/**
 * The read side of purchase orders: the rows and the views the API returns. Another user's order is
 * "not found", never "forbidden", so order numbers cannot be probed.
 */
export type { OrderItemRow, OrderRow } from './rows.js';

export type { OrderDetail };
export type { OrderListItem };
/** The order, if it exists and (when a user is given) belongs to that user; 404 otherwise. */
export function requireOrder(ctx: CoreContext, orderNo: string, userId: number | null): OrderRow {
  const row = orderRows.one(ctx.db.prepare('SELECT * FROM orders WHERE order_no = ?').get(orderNo));
  if (!row || (userId !== null && row.user_id !== userId)) throw notFound(`Order ${orderNo} not found`);
  return row;
}

export function orderItems(ctx: CoreContext, orderNo: string): OrderItemRow[] {
  // Replacement lines of exchanges (v1.1) are not lines of the order: they carry no price of their own.
  return orderItemRows.all(
    ctx.db.prepare(
      `SELECT id, product_id, sku_id, title, sku_name, price_minor, quantity, remark, weight_g, image_url, platform, shop_name, marketplace_order_no,
              domestic_carrier, domestic_tracking_no, qc_issue
         FROM order_items WHERE order_no = ? AND replaces_item_id IS NULL ORDER BY id`,
    ).all(orderNo),
  );
}

export function inspectionPhotos(ctx: CoreContext, row: OrderRow): string[] {
  return (JSON.parse(row.inspection_photos) as string[]).map((p) => ctx.mediaUrl(p));
}

function itemView(ctx: CoreContext, item: OrderItemRow): OrderItem {
  return {
    productId: item.product_id,
    skuId: item.sku_id,
    title: item.title,
    skuName: item.sku_name,
    price: toAmount(item.price_minor),
    quantity: item.quantity,
    remark: item.remark,
    imageUrl: item.image_url ? ctx.mediaUrl(item.image_url) : '',
    itemId: item.id,
    platform: item.platform,
    shopName: item.shop_name,
    marketplaceOrderNo: item.marketplace_order_no,
    domesticCarrier: item.domestic_carrier,
    domesticTrackingNo: item.domestic_tracking_no,
  };
}

/** What an order's detail is made of besides its row: each read once. */
export interface OrderDetailParts {
  items: readonly OrderItemRow[];
  timeline: OrderDetail['timeline'];
  supplements: Supplement[];
  returns: OrderReturn[];
  photoRequests: PhotoRequest[];
  money: OrderMoneyTotals;
  packageStatuses: readonly string[];
}

/**
 * The detail the API returns, from the order's row and parts: the one place its shape is made, whether the
 * parts were read back (toOrderDetail) or are what createOrder just wrote (placedOrderDetail).
 */
export function orderDetailOf(ctx: CoreContext, row: OrderRow, parts: OrderDetailParts): OrderDetail {
  const { supplements } = parts;
  return {
    orderNo: row.order_no,
    status: row.status,
    totalAmount: toAmount(row.total_minor),
    serviceFee: toAmount(row.service_fee_minor),
    subtotal: toAmount(row.subtotal_minor),
    discount: toAmount(row.discount_minor),
    couponId: row.coupon_id,
    currency: row.currency,
    platform: row.platform,
    remark: row.remark,
    items: parts.items.map((i) => itemView(ctx, i)),
    logistics: { trackingNo: row.tracking_no ?? '', carrier: row.carrier ?? '' },
    inspection: {
      result: row.inspection_result ?? 'pending',
      weight: row.inspection_weight_g ?? 0,
      photos: inspectionPhotos(ctx, row),
      decisionDeadline: row.decision_deadline,
      requestedPhotos: requestedPhotosOf(parts.photoRequests),
    },
    timeline: parts.timeline,
    marketplaceOrderNo: row.marketplace_order_no,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    supplements,
    amountDue: toAmount(supplements.filter((x) => x.status === 'pending').reduce((sum, x) => sum + Math.round(x.amount * 100), 0)),
    returns: parts.returns,
    photoRequests: parts.photoRequests,
    scenarios: readScenarios(row.scenarios),
    money: {
      paid: toAmount(parts.money.paid),
      fees: toAmount(parts.money.fees),
      refunded: toAmount(parts.money.refunded),
      net: toAmount(parts.money.net),
    },
    outcome: orderOutcome(parts.packageStatuses),
  };
}

export function toOrderDetail(ctx: CoreContext, row: OrderRow): OrderDetail {
  const returns = listReturns(ctx, row.order_no);
  return orderDetailOf(ctx, row, {
    items: orderItems(ctx, row.order_no),
    timeline: timelineRows.all(ctx.db.prepare('SELECT status, at, note, parts FROM order_timeline WHERE order_no = ? ORDER BY id').all(row.order_no)).map(
      (entry) => ({ status: entry.status, at: entry.at, note: entry.note, parts: partsOf(entry.parts) }),
    ),
    supplements: listSupplements(ctx, row.order_no),
    returns,
    // Read once: the inspection's requested photos are made from the same requests.
    photoRequests: listPhotoRequests(ctx, row.order_no),
    money: orderMoneyTotals(ctx, row.order_no, returns.map((r) => r.id)),
    packageStatuses: orderPackageStatuses(ctx, row.order_no),
  });
}

export function getOrderDetail(ctx: CoreContext, orderNo: string, userId: number | null): OrderDetail {
  return toOrderDetail(ctx, requireOrder(ctx, orderNo, userId));
}

/** The back office's view: any user's order, with its owner. */
export function getAdminOrderDetail(ctx: CoreContext, orderNo: string): AdminOrderDetail {
  const row = requireOrder(ctx, orderNo, null);
  return { ...toOrderDetail(ctx, row), userId: row.user_id };
}

export function getOrderStatus(ctx: CoreContext, orderNo: string, userId: number): { orderNo: string; status: OrderStatus; updatedAt: string } {
  const row = requireOrder(ctx, orderNo, userId);
  return { orderNo: row.order_no, status: row.status, updatedAt: row.updated_at };
}

export interface OrderListFilter extends Paging {
  status?: OrderStatus;
  /** Only this user's orders; null for the back office (every user). */
  userId: number | null;
}

type ListRow = RowOf<typeof orderListRows>;

// v1.1: amountDue per row, one seek in order_supplements_order; replacement lines of exchanges are not lines.
// unitCount (issue 17 item 12): the units ordered, what a shopper means by "items"; both from the order's
// own lines (at most 50), in one seek each.
const LIST_COLUMNS = `o.*, (SELECT COUNT(*) FROM order_items i WHERE i.order_no = o.order_no AND i.replaces_item_id IS NULL) AS item_count,
  (SELECT COALESCE(SUM(i.quantity), 0) FROM order_items i WHERE i.order_no = o.order_no AND i.replaces_item_id IS NULL) AS unit_count,
  (SELECT COALESCE(SUM(s.amount_minor), 0) FROM order_supplements s WHERE s.order_no = o.order_no AND s.status = 'pending') AS amount_due_minor`;

/**
 * Newest first (in the order orders were placed, which the service clock, only moving forward, keeps in
 * step with created_at). Nothing here walks the rows before the page:
 * - without a status, pages come from order_ranks (migration 005): page p is the rank range just below
 *   count - (p-1) * limit, one index seek at any depth; a cursor is the cursor order's rank;
 * - with a status, the block counts of migration 009 say which block of 1,024 ranks holds the page's
 *   first order, and the (user, status, seq) index is walked from there: at most orders / 1,024 counter
 *   rows and 1,023 skipped index entries, whatever the depth; a cursor seeks straight to its rank;
 * - totals from order_counts (migration 003), or the highest rank.
 */
function listRows(ctx: CoreContext, query: OrderListFilter): { rows: ListRow[]; total: number } {
  const scope = query.userId ?? 0;
  const cursor = cursorOf(query);
  const below = cursor === null ? null : cursorRank(ctx, scope, cursor);
  return query.status ? statusRows(ctx, scope, query.status, below, query) : rankedRows(ctx, scope, below, query);
}

/** The rank of the cursor's order among the scope's orders (404-style error for an unknown one). */
function cursorRank(ctx: CoreContext, scope: number, cursor: string): number {
  const seq = ctx.db.prepare('SELECT seq FROM order_ranks WHERE order_no = ? AND user_id = ?').pluck().get(cursor, scope) as number | undefined;
  if (seq === undefined) unknownCursor();
  return seq;
}

/** Every status: by rank in the user's orders (user 0: everyone's, for the back office). */
function rankedRows(ctx: CoreContext, scope: number, cursorSeq: number | null, query: OrderListFilter): { rows: ListRow[]; total: number } {
  const count = (ctx.db.prepare('SELECT MAX(seq) FROM order_ranks WHERE user_id = ?').pluck().get(scope) as number | null) ?? 0;
  const below = cursorSeq ?? count - offsetOf(query) + 1;
  const rows = orderListRows.all(
    ctx.db
      .prepare(
        `SELECT ${LIST_COLUMNS} FROM order_ranks r CROSS JOIN orders o ON o.order_no = r.order_no
          WHERE r.user_id = ? AND r.seq < ? ORDER BY r.seq DESC LIMIT ?`,
      )
      .all(scope, below, query.limit),
  );
  return { rows, total: count };
}

/** One status: the block holding the page's first order from the block counts, then the index from there. */
function statusRows(ctx: CoreContext, scope: number, status: OrderStatus, cursorSeq: number | null, query: OrderListFilter): { rows: ListRow[]; total: number } {
  const total = (
    scope === 0
      ? ctx.db.prepare('SELECT COALESCE(SUM(n), 0) FROM order_counts WHERE status = ?').pluck().get(status)
      : ctx.db.prepare('SELECT COALESCE(SUM(n), 0) FROM order_counts WHERE user_id = ? AND status = ?').pluck().get(scope, status)
  ) as number;
  let below: number;
  let skip = 0;
  if (cursorSeq !== null) {
    below = cursorSeq;
  } else {
    // Newest block first, stopping at the one that holds the page's first order: a shallow page reads
    // one counter row, the deepest ~orders / 1,024.
    const offset = offsetOf(query);
    let before = 0;
    let found: number | null = null;
    const blocks = ctx.db.prepare('SELECT block, n FROM order_rank_blocks WHERE user_id = ? AND status = ? ORDER BY block DESC').raw();
    for (const [block, n] of blocks.iterate(scope, status) as Iterable<[number, number]>) {
      if (before + n > offset) {
        found = block;
        break;
      }
      before += n;
    }
    if (found === null) return { rows: [], total };
    below = (found + 1) << BLOCK_SHIFT;
    skip = offset - before;
  }
  const rows = orderListRows.all(
    ctx.db
      .prepare(
        `SELECT ${LIST_COLUMNS} FROM order_ranks r CROSS JOIN orders o ON o.order_no = r.order_no
          WHERE r.user_id = ? AND r.status = ? AND r.seq < ? ORDER BY r.seq DESC LIMIT ? OFFSET ?`,
      )
      .all(scope, status, below, query.limit, skip),
  );
  return { rows, total };
}

function listItem(row: ListRow): OrderListItem {
  return {
    orderNo: row.order_no,
    status: row.status,
    totalAmount: toAmount(row.total_minor),
    itemCount: row.item_count,
    unitCount: row.unit_count,
    currency: row.currency,
    createdAt: row.created_at,
    amountDue: toAmount(row.amount_due_minor),
  };
}

export function listOrders(ctx: CoreContext, query: OrderListFilter & { userId: number }): Page<OrderListItem> {
  const { rows, total } = listRows(ctx, query);
  return pageOf(rows.map(listItem), total, query);
}

export function listAllOrders(ctx: CoreContext, query: OrderListFilter): Page<AdminOrderListItem> {
  const { rows, total } = listRows(ctx, query);
  return pageOf(
    rows.map((r) => ({ ...listItem(r), userId: r.user_id, platform: r.platform, updatedAt: r.updated_at })),
    total,
    query,
  );
}

/** The domestic leg (seller to warehouse), oldest event first; no events before the seller ships. */
export function getOrderLogistics(ctx: CoreContext, orderNo: string, userId: number): OrderLogistics {
  const row = requireOrder(ctx, orderNo, userId);
  const events = ctx.db
    .prepare('SELECT at, location, description, code, params FROM order_logistics_events WHERE order_no = ? ORDER BY at, id')
    .all(orderNo) as { at: string; location: string; description: string; code: string | null; params: string | null }[];
  return {
    orderNo: row.order_no,
    carrier: row.carrier ?? '',
    trackingNo: row.tracking_no ?? '',
    status: row.status,
    events: events.map((e) => ({ ...e, params: e.code === null ? null : (paramsOf(e.params) ?? {}) })),
    parcels: sellerParcels(orderItems(ctx, orderNo)),
  };
}

/** Each seller group's parcel to the warehouse, from its first line (the group's lines share it). */
function sellerParcels(items: readonly OrderItemRow[]): OrderLogistics['parcels'] {
  const seen = new Set<string>();
  return items.flatMap((i) => {
    const key = `${i.platform}\u0000${i.shop_name}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ platform: i.platform, shopName: i.shop_name, marketplaceOrderNo: i.marketplace_order_no, carrier: i.domestic_carrier, trackingNo: i.domestic_tracking_no }];
  });
}

/**
 * The warehouse's quality check. v1.1: each line carries its own result (a QC issue concerns one line),
 * its package and that package's QC photos (the line's product and weight).
 */
export function getOrderInspection(ctx: CoreContext, orderNo: string, userId: number): OrderInspection {
  const row = requireOrder(ctx, orderNo, userId);
  const result = row.inspection_result ?? 'pending';
  const packages = ctx.db
    .prepare(
      `SELECT p.id, p.status, p.weight_g, p.photos, COALESCE(i.replaces_item_id, i.id) AS item_id FROM packages p JOIN order_items i ON i.id = p.order_item_id
        WHERE p.order_no = ? ORDER BY p.id`,
    )
    .all(orderNo) as { id: number; status: string; weight_g: number; photos: string; item_id: number }[];
  const lines = orderItems(ctx, orderNo);
  // A finding on one line (qc_issue) leaves the others passed; otherwise every line carries the order's result (v1).
  const lineIssue = lines.some((i) => i.qc_issue !== null);
  return {
    orderNo: row.order_no,
    result,
    weight: row.inspection_weight_g ?? 0,
    photos: inspectionPhotos(ctx, row),
    notes: row.inspection_notes ?? '',
    notesParts: partsOf(row.inspection_notes_parts),
    inspectedAt: row.inspected_at,
    items: lines.map((i) => {
      // The line's newest package (after an exchange, the replacement's).
      const pkg = packages.filter((p) => p.item_id === i.id).at(-1);
      return {
        productId: i.product_id,
        title: i.title,
        skuName: i.sku_name,
        quantity: i.quantity,
        result: i.qc_issue ? 'issue_found' : lineIssue ? 'passed' : result,
        itemId: i.id,
        packageId: pkg?.id ?? null,
        packageStatus: pkg?.status ?? null,
        weight: pkg?.weight_g ?? 0,
        photos: pkg ? (JSON.parse(pkg.photos) as string[]).map((p) => ctx.mediaUrl(p)) : [],
      };
    }),
    decisionDeadline: row.decision_deadline,
    requestedPhotos: requestedPhotos(ctx, row.order_no),
    afterSalesPrices: { photoPrice: toAmount(readSetting(ctx.db, 'photoPriceMinor')), returnFee: toAmount(readSetting(ctx.db, 'returnFeeMinor')) },
  };
}

/** Orders bought or on their way, not yet in the warehouse (the desktop tray's count). */
export function countOrdersInProgress(ctx: CoreContext): number {
  return (
    ctx.db
      .prepare(`SELECT COALESCE(SUM(n), 0) AS n FROM order_counts WHERE status IN ('pending', 'paid', 'purchased', 'shipped_to_warehouse')`)
      .get() as { n: number }
  ).n;
}
