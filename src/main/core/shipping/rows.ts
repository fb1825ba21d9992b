import { SHIPPING_STATUSES, SHIPPING_SUPPLEMENT_STATUSES } from '../../../contract/enums.js';
import { Int, Nullable, OneOf, Text, rowReader, type RowOf } from '../db/row-reader.js';

/**
 * The shipping tables as SQLite hands them back: each table's columns declared once and checked on every
 * read (db/row-reader.ts). test/unit/db/row-readers.test.ts holds them against the migrated schema.
 */

export const shippingOrderRows = rowReader('shipping_orders', {
  order_no: Text,
  user_id: Int,
  status: OneOf(SHIPPING_STATUSES),
  channel_id: Text,
  channel_name: Text,
  total_weight_g: Int,
  shipping_fee_minor: Int,
  currency: Text,
  tracking_no: Text,
  recipient: Text,
  remark: Text,
  created_at: Text,
  updated_at: Text,
  shipped_at: Nullable(Text),
  delivered_at: Nullable(Text),
  // v1.1 (migration 008)
  declared_value_minor: Int,
  insurance: Int,
  insurance_premium_minor: Int,
  storage_fees_minor: Int,
  estimated_duties_minor: Int,
  rehearsal_id: Nullable(Text),
  scenarios: Text,
  exception_reason: Text,
  payout_minor: Int,
  dimensions: Nullable(Text),
  // v1.2 (migration 024)
  coupon_id: Nullable(Int),
  coupon_discount_minor: Int,
  // v1.2 (migration 025): the packed parcel, once weighed
  charge_weight_g: Nullable(Int),
  quote_price: Nullable(Text),
  packed_weight_g: Nullable(Int),
  packed_dimensions: Nullable(Text),
  volumetric_weight_g: Nullable(Int),
  billed_weight_g: Nullable(Int),
  billed_fee_minor: Nullable(Int),
  charged_total_minor: Nullable(Int),
});
export type ShippingOrderRow = RowOf<typeof shippingOrderRows>;

export const shippingSupplementRows = rowReader('shipping_supplements', {
  id: Int,
  shipping_order_no: Text,
  user_id: Int,
  amount_minor: Int,
  status: OneOf(SHIPPING_SUPPLEMENT_STATUSES),
  created_at: Text,
  expires_at: Text,
  resolved_at: Nullable(Text),
});
export type ShippingSupplementRow = RowOf<typeof shippingSupplementRows>;

export const REHEARSAL_STATUSES = ['requested', 'packed', 'used', 'cancelled'] as const;
export type RehearsalStatus = (typeof REHEARSAL_STATUSES)[number];

export const rehearsalRows = rowReader('rehearsals', {
  id: Text,
  user_id: Int,
  status: OneOf(REHEARSAL_STATUSES),
  inventory_ids: Text,
  fee_minor: Int,
  packed_weight_g: Nullable(Int),
  length_cm: Nullable(Int),
  width_cm: Nullable(Int),
  height_cm: Nullable(Int),
  photos: Text,
  created_at: Text,
  packed_at: Nullable(Text),
});
export type RehearsalRow = RowOf<typeof rehearsalRows>;

/** The doctor's scan (invariants.ts): a shipping order's money beside its holds and ledger entries. */
export const shippingMoneyRows = rowReader('shipping_orders (money scan)', {
  order_no: Text,
  // Any word: the doctor reports what it finds, whatever a damaged folder holds.
  status: Text,
  total: Int,
  declared: Int,
  fee: Int,
  insurance: Int,
  payout: Int,
  held: Nullable(Int),
  holds_active: Int,
  captured: Int,
  captures: Int,
  paid_back: Int,
  charged: Nullable(Int),
  billed: Nullable(Int),
  supplements_paid: Int,
  supplement_entries: Int,
});
