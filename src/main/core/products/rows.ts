import { GOODS_CARGO, PLATFORMS } from '../../../contract/enums.js';
import { Int, Nullable, OneOf, Str, rowReader, type RowOf } from '../db/row-reader.js';

/**
 * The catalog tables as SQLite hands them back: each table's columns declared once and checked on every
 * read (db/row-reader.ts). test/unit/db/row-readers.test.ts holds them against the migrated schema.
 */

export const productRows = rowReader('products', {
  id: Int,
  source: OneOf(['local', 'platform']),
  platform: OneOf(PLATFORMS),
  platform_item_id: Str,
  title: Str,
  price_minor: Int,
  currency: Str,
  shop_name: Str,
  shop_url: Str,
  description: Str,
  weight_g: Int,
  cargo_type: OneOf(GOODS_CARGO),
  sales: Int,
  images: Str,
  category: Str,
});
export type ProductRow = RowOf<typeof productRows>;

export const skuRows = rowReader('product_skus', { product_id: Int, sku_id: Str, name: Str, price_minor: Int, stock: Int, image: Nullable(Str) });
export type SkuRow = RowOf<typeof skuRows>;
