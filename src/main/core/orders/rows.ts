import { ORDER_STATUSES, RETURN_STATUSES, RETURN_TYPES, SUPPLEMENT_REASONS, SUPPLEMENT_STATUSES } from '../../../contract/enums.js';
import { Int, Nullable, OneOf, Text, rowReader, withColumns, type RowOf } from '../db/row-reader.js';

/**
 * The purchase-order tables as SQLite hands them back: each table's columns declared once and checked on
 * every read (db/row-reader.ts). test/unit/db/row-readers.test.ts holds them against the migrated schema.
 */

export const orderRows = rowReader('orders', {
  order_no: Text,
  user_id: Int,
  status: OneOf(ORDER_STATUSES),
  platform: Text,
  currency: Text,
  subtotal_minor: Int,
  discount_minor: Int,
  service_fee_minor: Int,
  total_minor: Int,
  coupon_id: Nullable(Int),
  remark: Text,
  marketplace_order_no: Nullable(Text),
  carrier: Nullable(Text),
  tracking_no: Nullable(Text),
  inspection_result: Nullable(OneOf(['passed', 'issue_found', 'pending'])),
  inspection_weight_g: Nullable(Int),
  inspection_notes: Nullable(Text),
  inspection_notes_parts: Nullable(Text),
  inspection_photos: Text,
  inspected_at: Nullable(Text),
  cancel_reason: Nullable(Text),
  created_at: Text,
  updated_at: Text,
  scenarios: Text,
  arrived_at: Nullable(Text),
  decision_deadline: Nullable(Text),
});
export type OrderRow = RowOf<typeof orderRows>;

/** An order on a list page: its row and the counts of its own lines and pending supplements. */
export const orderListRows = withColumns(orderRows, 'orders (list page)', { item_count: Int, unit_count: Int, amount_due_minor: Int });

/** The lines of an order as its views read them (replacement lines of exchanges excluded by the query). */
export const orderItemRows = rowReader('order_items', {
  id: Int,
  product_id: Int,
  sku_id: Text,
  title: Text,
  sku_name: Text,
  price_minor: Int,
  quantity: Int,
  remark: Text,
  weight_g: Int,
  image_url: Text,
  platform: Text,
  shop_name: Text,
  marketplace_order_no: Nullable(Text),
  qc_issue: Nullable(Text),
});
export type OrderItemRow = RowOf<typeof orderItemRows>;

export const timelineRows = rowReader('order_timeline', { status: Text, at: Text, note: Text, parts: Nullable(Text) });

export const supplementRows = rowReader('order_supplements', {
  id: Int,
  order_no: Text,
  user_id: Int,
  item_id: Nullable(Int),
  reason: OneOf(SUPPLEMENT_REASONS),
  amount_minor: Int,
  status: OneOf(SUPPLEMENT_STATUSES),
  created_at: Text,
  expires_at: Text,
  resolved_at: Nullable(Text),
});
export type SupplementRow = RowOf<typeof supplementRows>;

export const returnRows = rowReader('order_returns', {
  id: Int,
  order_no: Text,
  user_id: Int,
  item_id: Int,
  package_id: Int,
  type: OneOf(RETURN_TYPES),
  status: OneOf(RETURN_STATUSES),
  reason: Text,
  fee_minor: Int,
  refund_minor: Int,
  created_at: Text,
  resolved_at: Nullable(Text),
});
export type ReturnRow = RowOf<typeof returnRows>;

/** A request awaiting the seller with its order line's title, SKU name and quantity (the back office's queue). */
export const pendingReturnRows = withColumns(returnRows, 'order_returns (with line)', { title: Text, sku_name: Text, quantity: Int });

export const photoRequestRows = rowReader('order_photo_requests', {
  id: Int,
  order_no: Text,
  user_id: Int,
  count: Int,
  note: Text,
  price_minor: Int,
  status: OneOf(['requested', 'done']),
  photos: Text,
  created_at: Text,
  done_at: Nullable(Text),
});
export type PhotoRequestRow = RowOf<typeof photoRequestRows>;

/** The doctor's scan (invariants.ts): a suspect order's money columns. */
export const orderMoneyRows = rowReader('orders (money scan)', {
  order_no: Text,
  // Any word: the doctor reports what it finds, whatever a damaged folder holds.
  status: Text,
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
