import { GOODS_CARGO, PLATFORMS } from '../../../contract/enums.js';
import { Int, Nullable, OneOf, Text, rowReader, type RowOf } from '../db/row-reader.js';

/**
 * The catalog tables as SQLite hands them back: each table's columns declared once and checked on every
 * read (db/row-reader.ts). test/unit/db/row-readers.test.ts holds them against the migrated schema.
 */

export const productRows = rowReader('products', {
  id: Int,
  source: OneOf(['local', 'platform']),
  platform: OneOf(PLATFORMS),
  platform_item_id: Text,
  title: Text,
  price_minor: Int,
  currency: Text,
  shop_name: Text,
  shop_url: Text,
  description: Text,
  weight_g: Int,
  cargo_type: OneOf(GOODS_CARGO),
  sales: Int,
  images: Text,
  category: Text,
});
export type ProductRow = RowOf<typeof productRows>;

export const skuRows = rowReader('product_skus', { product_id: Int, sku_id: Text, name: Text, price_minor: Int, stock: Int, image: Nullable(Text) });
export type SkuRow = RowOf<typeof skuRows>;
