import { COUPON_TYPES } from '../../../contract/enums.js';
import { Int, Nullable, OneOf, Str, rowReader, withColumns, type RowOf } from '../db/row-reader.js';

/**
 * The coupon tables as SQLite hands them back: each table's columns declared once and checked on every
 * read (db/row-reader.ts). test/unit/db/row-readers.test.ts holds them against the migrated schema.
 */

export const couponRows = rowReader('coupons', {
  id: Int,
  name: Str,
  type: OneOf(COUPON_TYPES),
  value: Int,
  min_order_minor: Int,
  expires_at: Str,
  applies_to: OneOf(['purchase', 'shipping']),
  channel_ids: Nullable(Str),
  min_fee_minor: Int,
});
export type CouponRow = RowOf<typeof couponRows>;

/** A coupon the user claimed: its row and the claim's (user_coupons joined to coupons). */
export const claimedRows = withColumns(couponRows, 'user_coupons (with coupon)', { claimed_at: Str, used_order_no: Nullable(Str), used_at: Nullable(Str) });
export type ClaimedRow = RowOf<typeof claimedRows>;

