import { Int, Text, rowReader, type RowOf } from '../db/row-reader.js';

/**
 * The user tables as SQLite hands them back: each table's columns declared once and checked on every read
 * (db/row-reader.ts). test/unit/db/row-readers.test.ts holds them against the migrated schema.
 */

export const userRows = rowReader('users', { id: Int, username: Text, email: Text, avatar: Text, language: Text, created_at: Text });
export type UserRow = RowOf<typeof userRows>;

export const addressRows = rowReader('addresses', {
  id: Int,
  user_id: Int,
  name: Text,
  phone: Text,
  country: Text,
  state: Text,
  city: Text,
  address: Text,
  zip_code: Text,
  is_default: Int,
  created_at: Text,
});
export type AddressRow = RowOf<typeof addressRows>;

/** A favorite with its product's current title, price and pictures (favorites joined to products). */
export const favoriteRows = rowReader('favorites (with product)', {
  id: Int,
  product_id: Int,
  added_at: Text,
  title: Text,
  price_minor: Int,
  currency: Text,
  images: Text,
});
export type FavoriteRow = RowOf<typeof favoriteRows>;
