import { Int, Str, rowReader, type RowOf } from '../db/row-reader.js';

/**
 * A cart line with its product's title and its SKU's name, price, stock and picture (cart_items joined to
 * products and product_skus), declared once and checked on every read (db/row-reader.ts).
 */
export const cartRows = rowReader('cart_items (with product and SKU)', {
  id: Int,
  product_id: Int,
  sku_id: Str,
  quantity: Int,
  selected: Int,
  remark: Str,
  title: Str,
  /** The SKU's own picture, else the product's first, else '' (chosen in SQL: no JSON parsing per line). */
  image: Str,
  sku_name: Str,
  price_minor: Int,
  stock: Int,
});
export type CartRow = RowOf<typeof cartRows>;
