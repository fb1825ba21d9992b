import { ORDER_STATUSES, RETURN_STATUSES, RETURN_TYPES, SUPPLEMENT_REASONS, SUPPLEMENT_STATUSES } from '../../../contract/enums.js';
import { Int, Nullable, OneOf, Str, rowReader, withColumns, type RowOf } from '../db/row-reader.js';

/**
 * The purchase-order tables as SQLite hands them back: each table's columns declared once and checked on
 * every read (db/row-reader.ts). test/unit/db/row-readers.test.ts holds them against the migrated schema.
 */

export const orderRows = rowReader('orders', {
  order_no: Str,
  user_id: Int,
  status: OneOf(ORDER_STATUSES),
  platform: Str,
  currency: Str,
  subtotal_minor: Int,
  discount_minor: Int,
  service_fee_minor: Int,
  total_minor: Int,
  coupon_id: Nullable(Int),
  remark: Str,
  marketplace_order_no: Nullable(Str),
  carrier: Nullable(Str),
  tracking_no: Nullable(Str),
  inspection_result: Nullable(OneOf(['passed', 'issue_found', 'pending'])),
  inspection_weight_g: Nullable(Int),
  inspection_notes: Nullable(Str),
  inspection_notes_parts: Nullable(Str),
  inspection_photos: Str,
  inspected_at: Nullable(Str),
  cancel_reason: Nullable(Str),
  created_at: Str,
  updated_at: Str,
  scenarios: Str,
  arrived_at: Nullable(Str),
  decision_deadline: Nullable(Str),
});
export type OrderRow = RowOf<typeof orderRows>;

/** An order on a list page: its row and the counts of its own lines and pending supplements. */
export const orderListRows = withColumns(orderRows, 'orders (list page)', { item_count: Int, unit_count: Int, amount_due_minor: Int });

/** The lines of an order as its views read them (replacement lines of exchanges excluded by the query). */
export const orderItemRows = rowReader('order_items', {
  id: Int,
  product_id: Int,
  sku_id: Str,
  title: Str,
  sku_name: Str,
  price_minor: Int,
  quantity: Int,
  remark: Str,
  weight_g: Int,
  image_url: Str,
  platform: Str,
  shop_name: Str,
  marketplace_order_no: Nullable(Str),
  domestic_carrier: Nullable(Str),
  domestic_tracking_no: Nullable(Str),
  qc_issue: Nullable(Str),
});
export type OrderItemRow = RowOf<typeof orderItemRows>;

export const timelineRows = rowReader('order_timeline', { status: Str, at: Str, note: Str, parts: Nullable(Str) });

export const supplementRows = rowReader('order_supplements', {
  id: Int,
  order_no: Str,
  user_id: Int,
  item_id: Nullable(Int),
  reason: OneOf(SUPPLEMENT_REASONS),
  amount_minor: Int,
  status: OneOf(SUPPLEMENT_STATUSES),
  created_at: Str,
  expires_at: Str,
  resolved_at: Nullable(Str),
});
export type SupplementRow = RowOf<typeof supplementRows>;

export const returnRows = rowReader('order_returns', {
  id: Int,
  order_no: Str,
  user_id: Int,
  item_id: Int,
  package_id: Int,
  type: OneOf(RETURN_TYPES),
  status: OneOf(RETURN_STATUSES),
  reason: Str,
  fee_minor: Int,
  refund_minor: Int,
  created_at: Str,
  resolved_at: Nullable(Str),
});
export type ReturnRow = RowOf<typeof returnRows>;

/** A request awaiting the seller with its order line's title, SKU name and quantity (the back office's queue). */
export const pendingReturnRows = withColumns(returnRows, 'order_returns (with line)', { title: Str, sku_name: Str, quantity: Int });

export const photoRequestRows = rowReader('order_photo_requests', {
  id: Int,
  order_no: Str,
  user_id: Int,
  count: Int,
  note: Str,
  price_minor: Int,
  status: OneOf(['requested', 'done']),
  photos: Str,
  created_at: Str,
  done_at: Nullable(Str),
});
export type PhotoRequestRow = RowOf<typeof photoRequestRows>;

/** The doctor's scan (invariants.ts): a suspect order's money columns. */
export const orderMoneyRows = rowReader('orders (money scan)', {
  order_no: Str,
  // Any word: the doctor reports what it finds, whatever a damaged folder holds.
  status: Str,
  subtotal_minor: Int,
  discount_minor: Int,
  service_fee_minor: Int,
  total_minor: Int,
  coupon_id: Nullable(Int),
  user_id: Int,
});
export type OrderMoneyRow = RowOf<typeof orderMoneyRows>;

/** The doctor's scan: what the ledger says one order was paid and refunded. */
export const orderLedgerRows = rowReader('wallet_entries (one order)', { paid: Int, payments: Int, refunded: Int, supplements: Int });
export type OrderLedgerRow = RowOf<typeof orderLedgerRows>;

/** The doctor's scan: what one order's own records say was paid in supplements and refunded (v1.1). */
export const afterSalesRows = rowReader('orders (after-sales money)', { supplements_paid: Int, returns_refunded: Int, price_refunds: Int });
export type AfterSalesRow = RowOf<typeof afterSalesRows>;

/** A return's refund: each of the order's own lines, its amount and the price changes settled for it. */
export const linePriceRows = rowReader('order_items (price changes)', { id: Int, amount: Int, decreased: Int, increased: Int });
/** A return's refund: the order's price changes in all (decreases) and those raised for no line (increases). */
export const wholeOrderPriceRows = rowReader('orders (price changes)', { increased: Int, decreased: Int });
