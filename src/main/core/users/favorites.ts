import type { CoreContext } from '../context.js';
import { versionedPicturePath } from '../media/media.js';
import { getProductRow } from '../products/catalog.js';
import { notFound } from '../shared/errors.js';
import { toAmount } from '../shared/money.js';
import { offsetOf, type Paging } from '../shared/pagination.js';
import { favoriteRows, type FavoriteRow } from './rows.js';
import type { Favorite } from '../../../contract/open/favorites.js';

// The first SKU's name colours the product's picture (media/media.ts): its URL's digest needs it.
const SELECT = `SELECT f.id, f.product_id, f.added_at, p.title, p.price_minor, p.currency, p.images, p.category,
                       (SELECT s.name FROM product_skus s WHERE s.product_id = p.id ORDER BY s.position, s.sku_id LIMIT 1) AS first_sku_name
                  FROM favorites f JOIN products p ON p.id = f.product_id`;

function toView(ctx: CoreContext, row: FavoriteRow): Favorite {
  const image = (JSON.parse(row.images) as string[])[0];
  return {
    id: row.id,
    productId: row.product_id,
    // Title and price are the product's current ones, not a copy taken when it was favorited.
    title: row.title,
    price: toAmount(row.price_minor),
    currency: row.currency,
    imageUrl: image ? ctx.mediaUrl(versionedPicturePath(image, row.product_id, { title: row.title, category: row.category, firstSkuName: row.first_sku_name })) : '',
    addedAt: row.added_at,
  };
}

function favoriteOf(ctx: CoreContext, userId: number, where: 'f.id' | 'f.product_id', value: number): Favorite | null {
  const row = favoriteRows.one(ctx.db.prepare(`${SELECT} WHERE f.user_id = ? AND ${where} = ?`).get(userId, value));
  return row ? toView(ctx, row) : null;
}

/** Newest first. The envelope is the contract's `{ items, total }`; `page` and `limit` only pick the slice. */
export function listFavorites(ctx: CoreContext, userId: number, query: Paging): { items: Favorite[]; total: number } {
  const rows = favoriteRows.all(ctx.db.prepare(`${SELECT} WHERE f.user_id = ? ORDER BY f.id DESC LIMIT ? OFFSET ?`).all(userId, query.limit, offsetOf(query)));
  const total = (ctx.db.prepare('SELECT COUNT(*) AS n FROM favorites WHERE user_id = ?').get(userId) as { n: number }).n;
  return { items: rows.map((r) => toView(ctx, r)), total };
}

/** Favorites a product. `created` is false when it already was a favorite (nothing is written then). */
export function addFavorite(ctx: CoreContext, userId: number, productId: number): { favorite: Favorite; created: boolean } {
  return ctx.db
    .transaction(() => {
      if (!getProductRow(ctx, productId)) throw notFound(`Product ${productId} not found`);
      const existing = favoriteOf(ctx, userId, 'f.product_id', productId);
      if (existing) return { favorite: existing, created: false };
      const id = Number(
        ctx.db.prepare('INSERT INTO favorites (user_id, product_id, added_at) VALUES (?, ?, ?)').run(userId, productId, ctx.nowIso()).lastInsertRowid,
      );
      return { favorite: favoriteOf(ctx, userId, 'f.id', id)!, created: true };
    })
    .immediate();
}

export function removeFavorite(ctx: CoreContext, userId: number, favoriteId: number): { message: string } {
  const changes = ctx.db.prepare('DELETE FROM favorites WHERE id = ? AND user_id = ?').run(favoriteId, userId).changes;
  if (changes === 0) throw notFound(`Favorite ${favoriteId} not found`);
  return { message: 'Favorite removed' };
}
