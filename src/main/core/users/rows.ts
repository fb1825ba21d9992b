import { Int, Nullable, Str, rowReader, type RowOf } from '../db/row-reader.js';

/**
 * The user tables as SQLite hands them back: each table's columns declared once and checked on every read
 * (db/row-reader.ts). test/unit/db/row-readers.test.ts holds them against the migrated schema.
 */

export const userRows = rowReader('users', { id: Int, username: Str, email: Str, avatar: Str, language: Str, created_at: Str });
export type UserRow = RowOf<typeof userRows>;

export const addressRows = rowReader('addresses', {
  id: Int,
  user_id: Int,
  name: Str,
  phone: Str,
  country: Str,
  state: Str,
  city: Str,
  address: Str,
  zip_code: Str,
  is_default: Int,
  created_at: Str,
});
export type AddressRow = RowOf<typeof addressRows>;

/** A favorite with its product's current title, price and pictures (favorites joined to products). */
export const favoriteRows = rowReader('favorites (with product)', {
  id: Int,
  product_id: Int,
  added_at: Str,
  title: Str,
  price_minor: Int,
  currency: Str,
  images: Str,
  category: Str,
  first_sku_name: Nullable(Str),
});
export type FavoriteRow = RowOf<typeof favoriteRows>;
