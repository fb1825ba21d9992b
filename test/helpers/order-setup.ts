import { createApiKey } from '../../src/main/core/auth/api-keys.js';
import { SCOPES } from '../../src/main/core/auth/scopes.js';
import { inTransaction } from '../../src/main/core/db/database.js';
import type { TestServer } from './server.js';

/**
 * Setup data for the purchase-order tests. Coupons are inserted with SQL (test data, as an operator would
 * seed them); everything under test goes through HTTP.
 */
export interface SkuPick {
  productId: number;
  skuId: string;
  platform: string;
  priceMinor: number;
  stock: number;
}

/** Local-catalog SKUs with room to order, cheapest-first within a price band, one per product. */
export function pickSkus(server: TestServer, options: { platform?: string; minStock?: number; count?: number; maxPriceMinor?: number } = {}): SkuPick[] {
  const rows = server.running.core.ctx.db
    .prepare(
      `SELECT p.id AS productId, s.sku_id AS skuId, p.platform, s.price_minor AS priceMinor, s.stock
         FROM products p JOIN product_skus s ON s.product_id = p.id
        WHERE p.source = 'local' AND (? IS NULL OR p.platform = ?) AND s.stock >= ? AND s.price_minor BETWEEN 100 AND ?
          AND s.position = 0
        ORDER BY p.id LIMIT ?`,
    )
    .all(options.platform ?? null, options.platform ?? null, options.minStock ?? 20, options.maxPriceMinor ?? 50_000, options.count ?? 5) as SkuPick[];
  if (rows.length < (options.count ?? 5)) throw new Error('not enough SKUs in the catalog for this test');
  return rows;
}

export function stockOf(server: TestServer, sku: { productId: number; skuId: string }): number {
  return (
    server.running.core.ctx.db.prepare('SELECT stock FROM product_skus WHERE product_id = ? AND sku_id = ?').get(sku.productId, sku.skuId) as {
      stock: number;
    }
  ).stock;
}

export function balanceOf(server: TestServer, userId = 1): number {
  const row = server.running.core.ctx.db.prepare('SELECT balance_minor FROM wallets WHERE user_id = ?').get(userId) as { balance_minor: number } | undefined;
  return row?.balance_minor ?? 0;
}

export interface CouponSpec {
  type: 'percentage' | 'fixed';
  value: number;
  minOrderMinor?: number;
  /** ISO; default a month after the service clock's now. */
  expiresAt?: string;
  /** Claim it for this user (default 1); null leaves it unclaimed. */
  claimFor?: number | null;
}

export function addCoupon(server: TestServer, spec: CouponSpec): number {
  const ctx = server.running.core.ctx;
  return inTransaction(ctx.db, () => {
    const expiresAt = spec.expiresAt ?? new Date(ctx.clock.now().getTime() + 30 * 86_400_000).toISOString();
    const id = Number(
      ctx.db
        .prepare('INSERT INTO coupons (name, type, value, min_order_minor, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(`test ${spec.type} ${spec.value}`, spec.type, spec.value, spec.minOrderMinor ?? 0, expiresAt, ctx.nowIso()).lastInsertRowid,
    );
    const claimFor = spec.claimFor === undefined ? 1 : spec.claimFor;
    if (claimFor !== null) ctx.db.prepare('INSERT INTO user_coupons (user_id, coupon_id, claimed_at) VALUES (?, ?, ?)').run(claimFor, id, ctx.nowIso());
    return id;
  });
}

export function couponUsedBy(server: TestServer, couponId: number, userId = 1): string | null {
  const row = server.running.core.ctx.db.prepare('SELECT used_order_no FROM user_coupons WHERE coupon_id = ? AND user_id = ?').get(couponId, userId) as
    | { used_order_no: string | null }
    | undefined;
  return row?.used_order_no ?? null;
}

/** A second user with an empty wallet and an all-scopes key. */
export function addUser(server: TestServer, username: string): { userId: number; key: string } {
  const ctx = server.running.core.ctx;
  const userId = inTransaction(ctx.db, () => {
    const id = Number(
      ctx.db
        .prepare('INSERT INTO users (username, email, avatar, language, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(username, `${username}@example.test`, '', 'en', ctx.nowIso()).lastInsertRowid,
    );
    ctx.db.prepare('INSERT INTO wallets (user_id, balance_minor, frozen_minor) VALUES (?, 0, 0)').run(id);
    return id;
  });
  const { key } = createApiKey(ctx, { name: username, scopes: [...SCOPES], userId, rateLimit: 100_000 });
  return { userId, key };
}

export const line = (sku: { productId: number; skuId: string }, quantity: number, remark?: string) => ({
  productId: String(sku.productId),
  skuId: sku.skuId,
  quantity,
  ...(remark === undefined ? {} : { remark }),
});

/** Half-up rounding of a rational in integers (the reference for expected fees and discounts). */
export function halfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}
