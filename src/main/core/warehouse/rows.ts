import { PACKAGE_STATUSES } from '../../../contract/enums.js';
import { Int, Nullable, OneOf, Str, pickColumns, rowReader, type RowOf } from '../db/row-reader.js';

/**
 * The warehouse tables as SQLite hands them back: each table's columns declared once and checked on every
 * read (db/row-reader.ts). test/unit/db/row-readers.test.ts holds them against the migrated schema.
 */

export const packageRows = rowReader('packages', {
  id: Int,
  user_id: Int,
  order_no: Str,
  order_item_id: Int,
  product_name: Str,
  quantity: Int,
  weight_g: Int,
  cargo_type: Str,
  status: OneOf(PACKAGE_STATUSES),
  photos: Str,
  shipping_order_no: Nullable(Str),
  arrived_at: Str,
});
export type PackageRow = RowOf<typeof packageRows>;

/** What the storage steps read of a package on the shelf. */
export const shelfRows = pickColumns(packageRows, 'packages (shelf)', ['id', 'user_id', 'status', 'arrived_at', 'order_no', 'product_name']);

export const serviceRows = rowReader('warehouse_services', {
  service_id: Str,
  name: Str,
  description: Str,
  price_minor: Int,
  unit: OneOf(['package', 'photo']),
  weight_delta_g: Int,
  weight_bp: Int,
  volume_bp: Int,
  active: Int,
  position: Int,
});
export type ServiceRow = RowOf<typeof serviceRows>;

export const packageServiceRows = rowReader('package_services', {
  id: Int,
  package_id: Int,
  user_id: Int,
  service_id: Str,
  status: OneOf(['pending', 'done']),
  price_minor: Int,
  photo_count: Int,
  requested_at: Str,
  done_at: Nullable(Str),
});
export type PackageServiceRow = RowOf<typeof packageServiceRows>;
