import { SHIPPING_STATUSES, SHIPPING_SUPPLEMENT_STATUSES } from '../../../contract/enums.js';
import { Int, Nullable, OneOf, Str, rowReader, type RowOf } from '../db/row-reader.js';

/**
 * The shipping tables as SQLite hands them back: each table's columns declared once and checked on every
 * read (db/row-reader.ts). test/unit/db/row-readers.test.ts holds them against the migrated schema.
 */

export const shippingOrderRows = rowReader('shipping_orders', {
  order_no: Str,
  user_id: Int,
  status: OneOf(SHIPPING_STATUSES),
  channel_id: Str,
  channel_name: Str,
  total_weight_g: Int,
  shipping_fee_minor: Int,
  currency: Str,
  tracking_no: Str,
  recipient: Str,
  remark: Str,
  created_at: Str,
  updated_at: Str,
  shipped_at: Nullable(Str),
  delivered_at: Nullable(Str),
  // v1.1 (migration 008)
  declared_value_minor: Int,
  insurance: Int,
  insurance_premium_minor: Int,
  storage_fees_minor: Int,
  estimated_duties_minor: Int,
  rehearsal_id: Nullable(Str),
  scenarios: Str,
  exception_reason: Str,
  payout_minor: Int,
  dimensions: Nullable(Str),
  // v1.2 (migration 024)
  coupon_id: Nullable(Int),
  coupon_discount_minor: Int,
  // v1.2 (migration 025): the packed parcel, once weighed
  charge_weight_g: Nullable(Int),
  quote_price: Nullable(Str),
  packed_weight_g: Nullable(Int),
  packed_dimensions: Nullable(Str),
  volumetric_weight_g: Nullable(Int),
  billed_weight_g: Nullable(Int),
  billed_fee_minor: Nullable(Int),
  charged_total_minor: Nullable(Int),
});
export type ShippingOrderRow = RowOf<typeof shippingOrderRows>;

export const shippingSupplementRows = rowReader('shipping_supplements', {
  id: Int,
  shipping_order_no: Str,
  user_id: Int,
  amount_minor: Int,
  status: OneOf(SHIPPING_SUPPLEMENT_STATUSES),
  created_at: Str,
  expires_at: Str,
  resolved_at: Nullable(Str),
});
export type ShippingSupplementRow = RowOf<typeof shippingSupplementRows>;

export const REHEARSAL_STATUSES = ['requested', 'packed', 'used', 'cancelled'] as const;
export type RehearsalStatus = (typeof REHEARSAL_STATUSES)[number];

export const rehearsalRows = rowReader('rehearsals', {
  id: Str,
  user_id: Int,
  status: OneOf(REHEARSAL_STATUSES),
  inventory_ids: Str,
  fee_minor: Int,
  packed_weight_g: Nullable(Int),
  length_cm: Nullable(Int),
  width_cm: Nullable(Int),
  height_cm: Nullable(Int),
  photos: Str,
  created_at: Str,
  packed_at: Nullable(Str),
});
export type RehearsalRow = RowOf<typeof rehearsalRows>;

/** The doctor's scan (invariants.ts): a shipping order's money beside its holds and ledger entries. */
export const shippingMoneyRows = rowReader('shipping_orders (money scan)', {
  order_no: Str,
  // Any word: the doctor reports what it finds, whatever a damaged folder holds.
  status: Str,
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
  coupon: Int,
});
