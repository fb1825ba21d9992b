import type { CoreContext } from '../context.js';
import { KeptViews } from '../db/kept-views.js';
import { requireSku } from '../products/catalog.js';
import { ApiError, badRequest, notFound, unprocessable } from '../shared/errors.js';
import { toAmount } from '../shared/money.js';
import { cartRows, type CartRow } from './rows.js';

export interface AddToCart {
  productId: string;
  skuId: string;
  quantity: number;
  remark?: string;
}

import { MAX_CART_BATCH as MAX_BATCH } from '../../../contract/limits.js';
import type { Cart, CartItem } from '../../../contract/open/cart.js';
import { longerThan } from '../shared/text.js';
export { MAX_CART_BATCH as MAX_BATCH } from '../../../contract/limits.js';
const MAX_REMARK = 500;

const CART_COLUMNS = `SELECT c.id, c.product_id, c.sku_id, c.quantity, c.selected, c.remark, p.title,
              COALESCE(s.image, p.images ->> '$[0]', '') AS image, s.name AS sku_name, s.price_minor, s.stock
         FROM cart_items c
         JOIN products p ON p.id = c.product_id
         JOIN product_skus s ON s.product_id = c.product_id AND s.sku_id = c.sku_id`;

/** The user's lines (one statement for the whole cart, another for one line: each keeps its own plan). */
function cartLines(ctx: CoreContext, userId: number, itemId?: number): CartRow[] {
  if (itemId === undefined) return cartRows.all(ctx.db.prepare(`${CART_COLUMNS} WHERE c.user_id = ? ORDER BY c.id`).all(userId));
  return cartRows.all(ctx.db.prepare(`${CART_COLUMNS} WHERE c.id = ? AND c.user_id = ?`).all(itemId, userId));
}

function toView(ctx: CoreContext, row: CartRow): CartItem {
  return {
    id: row.id,
    productId: row.product_id,
    title: row.title,
    skuId: row.sku_id,
    skuName: row.sku_name,
    price: toAmount(row.price_minor),
    quantity: row.quantity,
    imageUrl: row.image ? ctx.mediaUrl(row.image) : '',
    selected: row.selected === 1,
    stock: row.stock,
    remark: row.remark,
  };
}

function buildCart(ctx: CoreContext, userId: number): Cart {
  const rows = cartLines(ctx, userId);
  const items: CartItem[] = new Array(rows.length);
  let totalItems = 0;
  let totalMinor = 0;
  let selectedItems = 0;
  let selectedMinor = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    items[i] = Object.freeze(toView(ctx, row));
    totalItems += row.quantity;
    totalMinor += row.price_minor * row.quantity;
    if (row.selected === 1) {
      selectedItems += row.quantity;
      selectedMinor += row.price_minor * row.quantity;
    }
  }
  Object.freeze(items);
  return Object.freeze({ items, totalItems, totalAmount: toAmount(totalMinor), selectedItems, selectedAmount: toAmount(selectedMinor), currency: ctx.currency });
}

/**
 * Carts already built, kept while no row anywhere has changed (db/kept-views.ts): a script or the UI
 * re-reading an unchanged cart gets the same view without the three-table join. Weighed by lines, so
 * a few huge carts cannot hold much memory.
 */
const cartViews = new KeptViews<number, Cart>(10_000, (cart) => 1 + cart.items.length);

export function getCart(ctx: CoreContext, userId: number): Cart {
  return cartViews.get(ctx.db, ctx.mediaUrl('/'), userId, () => buildCart(ctx, userId));
}

function checkRemark(remark: string | undefined): void {
  if (remark !== undefined && longerThan(remark, MAX_REMARK)) throw badRequest(`remark must be at most ${MAX_REMARK} characters`);
}

/**
 * Adds one line (or adds to the existing line of the same product+SKU). Returns the line. `fromThisBatch`:
 * how much of that line earlier items of the same batch put there, so a refusal says where the quantity
 * came from (an empty cart's batch of 10 + 10 is not "10 already in the cart").
 */
export function addLine(ctx: CoreContext, userId: number, input: AddToCart, fromThisBatch = 0): { id: number; productId: number; quantity: number } {
  checkRemark(input.remark);
  const productId = Number(input.productId);
  const { sku } = requireSku(ctx, productId, input.skuId);
  const existing = ctx.db
    .prepare('SELECT id, quantity FROM cart_items WHERE user_id = ? AND product_id = ? AND sku_id = ?')
    .get(userId, productId, input.skuId) as { id: number; quantity: number } | undefined;
  const quantity = (existing?.quantity ?? 0) + input.quantity;
  if (quantity > sku.stock) {
    const before = (existing?.quantity ?? 0) - fromThisBatch;
    const sources = [`${sku.stock} available`, ...(before > 0 ? [`${before} already in the cart`] : []), ...(fromThisBatch > 0 ? [`${fromThisBatch} in earlier items of this batch`] : [])];
    throw unprocessable(`quantity ${quantity} exceeds the stock of SKU ${input.skuId} (${sources.join(', ')})`);
  }
  const now = ctx.nowIso();
  if (existing) {
    ctx.db
      .prepare('UPDATE cart_items SET quantity = ?, remark = COALESCE(?, remark), updated_at = ? WHERE id = ?')
      .run(quantity, input.remark ?? null, now, existing.id);
    return { id: existing.id, productId, quantity };
  }
  const id = Number(
    ctx.db
      .prepare(
        `INSERT INTO cart_items (user_id, product_id, sku_id, quantity, selected, remark, created_at, updated_at)
         VALUES (?, ?, ?, ?, 1, ?, ?, ?)`,
      )
      .run(userId, productId, input.skuId, quantity, input.remark ?? '', now, now).lastInsertRowid,
  );
  return { id, productId, quantity };
}

export function addToCart(ctx: CoreContext, userId: number, input: AddToCart) {
  const line = ctx.db.transaction(() => addLine(ctx, userId, input)).immediate();
  return { id: line.id, productId: line.productId, skuId: input.skuId, quantity: line.quantity, message: 'Added to cart' };
}

/** All or nothing: the first bad item rolls back the whole batch, and the error names its index. */
export function addBatchToCart(ctx: CoreContext, userId: number, items: readonly AddToCart[]) {
  if (items.length === 0) throw badRequest('items must hold at least one item');
  if (items.length > MAX_BATCH) throw badRequest(`items must hold at most ${MAX_BATCH} items`);
  const lines = ctx.db
    .transaction(() => {
      const added = new Map<string, number>();
      return items.map((item, index) => {
        const key = `${Number(item.productId)}\u0000${item.skuId}`;
        try {
          const line = addLine(ctx, userId, item, added.get(key) ?? 0);
          added.set(key, (added.get(key) ?? 0) + item.quantity);
          return line;
        } catch (error) {
          if (error instanceof ApiError) throw new ApiError(error.statusCode, `items[${index}]: ${error.message}`);
          throw error;
        }
      });
    })
    .immediate();
  return { added: lines.length, items: lines.map((l) => ({ id: l.id, productId: String(l.productId) })) };
}

function requireLine(ctx: CoreContext, userId: number, itemId: number): CartRow {
  const row = cartLines(ctx, userId, itemId)[0];
  if (!row) throw notFound(`Cart item ${itemId} not found`);
  return row;
}

export function updateCartItem(ctx: CoreContext, userId: number, itemId: number, patch: { quantity?: number; selected?: boolean; remark?: string }) {
  if (patch.quantity === undefined && patch.selected === undefined && patch.remark === undefined) {
    throw badRequest('Send at least one of quantity, selected, remark');
  }
  checkRemark(patch.remark);
  return ctx.db
    .transaction(() => {
      const row = requireLine(ctx, userId, itemId);
      if (patch.quantity !== undefined && patch.quantity > row.stock) {
        throw unprocessable(`quantity ${patch.quantity} exceeds the stock of SKU ${row.sku_id} (${row.stock} available)`);
      }
      const quantity = patch.quantity ?? row.quantity;
      const selected = patch.selected ?? row.selected === 1;
      ctx.db
        .prepare('UPDATE cart_items SET quantity = ?, selected = ?, remark = ?, updated_at = ? WHERE id = ?')
        .run(quantity, selected ? 1 : 0, patch.remark ?? row.remark, ctx.nowIso(), itemId);
      return { id: itemId, quantity, selected, remark: patch.remark ?? row.remark, message: 'Cart item updated' };
    })
    .immediate();
}

export function removeCartItem(ctx: CoreContext, userId: number, itemId: number) {
  const changes = ctx.db.prepare('DELETE FROM cart_items WHERE id = ? AND user_id = ?').run(itemId, userId).changes;
  if (changes === 0) throw notFound(`Cart item ${itemId} not found`);
  return { message: 'Cart item removed' };
}

export function clearCart(ctx: CoreContext, userId: number) {
  const removed = ctx.db.prepare('DELETE FROM cart_items WHERE user_id = ?').run(userId).changes;
  return { message: 'Cart cleared', removed };
}

/** Takes ordered quantities off the matching cart lines; runs inside the order's transaction. */
export function consumeCartLines(ctx: CoreContext, userId: number, lines: readonly { productId: number; skuId: string; quantity: number }[]): void {
  const reduce = ctx.db.prepare(
    'UPDATE cart_items SET quantity = quantity - ?, updated_at = ? WHERE user_id = ? AND product_id = ? AND sku_id = ? AND quantity > ?',
  );
  const drop = ctx.db.prepare('DELETE FROM cart_items WHERE user_id = ? AND product_id = ? AND sku_id = ? AND quantity <= ?');
  const now = ctx.nowIso();
  for (const line of lines) {
    if (reduce.run(line.quantity, now, userId, line.productId, line.skuId, line.quantity).changes === 0) {
      drop.run(userId, line.productId, line.skuId, line.quantity);
    }
  }
}
