import type { CoreContext } from '../context.js';
import { productImagePath, versionedPicturePath } from '../media/media.js';
import { notFound } from '../shared/errors.js';
import { toAmount } from '../shared/money.js';
import type { MarketplaceItem } from './marketplace/adapter.js';
import type { Product } from '../../../contract/open/products.js';
import { productRows, skuRows, type ProductRow, type SkuRow } from './rows.js';

/**
 * The local product store: the local catalog and every platform product that has been seen (so that cart
 * lines, favorites and orders can point at an integer id). Rows here are what the API returns.
 */
export type { ProductRow, SkuRow } from './rows.js';

export function getProductRow(ctx: CoreContext, id: number): ProductRow | null {
  return productRows.one(ctx.db.prepare('SELECT * FROM products WHERE id = ?').get(id)) ?? null;
}

/** IN-list sizes the SKU read is prepared for: a few statements in the cache instead of one per page size. */
const SKU_BATCHES = [1, 2, 4, 8, 16, 32, 64, 128] as const;
const MAX_SKU_BATCH = SKU_BATCHES[SKU_BATCHES.length - 1]!;

/**
 * The SKUs of the given products, each product's in its listed order. One statement per page (an IN list
 * on product_skus_position, whose order the ORDER BY follows, so nothing is sorted): a statement per
 * product cost ~8 us each, 20 of them most of a cold search. The list is padded to the next prepared
 * size by repeating an id (IN ignores duplicates).
 */
export function getSkuRows(ctx: CoreContext, productIds: readonly number[]): Map<number, SkuRow[]> {
  const ids = [...new Set(productIds)];
  const out = new Map<number, SkuRow[]>(ids.map((id) => [id, []]));
  for (let start = 0; start < ids.length; start += MAX_SKU_BATCH) {
    const chunk = ids.slice(start, start + MAX_SKU_BATCH);
    const size = SKU_BATCHES.find((n) => n >= chunk.length)!;
    while (chunk.length < size) chunk.push(chunk[0]!);
    const rows = skuRows.all(ctx.db.prepare(skusOfSql(size)).all(...chunk));
    for (const row of rows) out.get(row.product_id)!.push(row);
  }
  return out;
}

export function skusOfSql(size: number): string {
  return `SELECT * FROM product_skus WHERE product_id IN (${'?,'.repeat(size - 1)}?) ORDER BY product_id, position, sku_id`;
}

export function toProductView(ctx: CoreContext, row: ProductRow, skus: readonly SkuRow[]): Product {
  // Each picture's URL names the bytes it shows (`?v=`), so browsers keep it for good (media route).
  const subject = { title: row.title, category: row.category, firstSkuName: skus[0]?.name ?? null };
  const pictureUrl = (path: string) => ctx.mediaUrl(versionedPicturePath(path, row.id, subject));
  const images = (JSON.parse(row.images) as string[]).map(pictureUrl);
  return {
    id: row.id,
    title: row.title,
    price: toAmount(row.price_minor),
    currency: row.currency,
    platform: row.platform,
    imageUrl: images[0] ?? '',
    shopName: row.shop_name,
    skus: skus.map((s) => ({
      skuId: s.sku_id,
      name: s.name,
      price: toAmount(s.price_minor),
      stock: s.stock,
      ...(s.image ? { image: pictureUrl(s.image) } : {}),
    })),
    platformItemId: row.platform_item_id,
    images,
    description: row.description,
    weight: row.weight_g,
    cargoType: row.cargo_type,
    sales: row.sales,
    shopUrl: row.shop_url,
  };
}

export function viewProducts(ctx: CoreContext, rows: readonly ProductRow[]): Product[] {
  const skus = getSkuRows(ctx, rows.map((r) => r.id));
  return rows.map((r) => toProductView(ctx, r, skus.get(r.id) ?? []));
}

export function getProductView(ctx: CoreContext, id: number): Product {
  const row = getProductRow(ctx, id);
  if (!row) throw notFound(`Product ${id} not found`);
  return viewProducts(ctx, [row])[0]!;
}

/** A product and one of its SKUs, or 404 naming which is unknown. */
export function requireSku(ctx: CoreContext, productId: number, skuId: string): { product: ProductRow; sku: SkuRow } {
  const product = getProductRow(ctx, productId);
  if (!product) throw notFound(`Product ${productId} not found`);
  const sku = skuRows.one(ctx.db.prepare('SELECT * FROM product_skus WHERE product_id = ? AND sku_id = ?').get(productId, skuId));
  if (!sku) throw notFound(`SKU ${skuId} not found for product ${productId}`);
  return { product, sku };
}

/**
 * Stores (or refreshes) a marketplace item so it has a local id. Price and stock follow the marketplace;
 * the local id never changes for the same platform item. Stock of a known SKU is kept: orders draw it down
 * locally, and a fresh look at the simulated marketplace must not refill it.
 */
export function upsertMarketplaceItem(
  ctx: CoreContext,
  item: MarketplaceItem,
  source: 'local' | 'platform' = 'platform',
): number {
  const now = ctx.nowIso();
  const existing = ctx.db
    .prepare('SELECT id FROM products WHERE platform = ? AND platform_item_id = ?')
    .get(item.platform, item.platformItemId) as { id: number } | undefined;
  let id: number;
  if (existing) {
    id = existing.id;
    ctx.db
      .prepare(
        `UPDATE products SET title = ?, price_minor = ?, shop_name = ?, shop_url = ?, description = ?, weight_g = ?,
           cargo_type = ?, sales = ?, category = ? WHERE id = ?`,
      )
      .run(item.title, item.priceMinor, item.shopName, item.shopUrl, item.description, item.weightGrams, item.cargoType, item.sales, item.category, id);
  } else {
    id = Number(
      ctx.db
        .prepare(
          `INSERT INTO products (source, platform, platform_item_id, title, price_minor, currency, shop_name, shop_url,
             description, weight_g, cargo_type, sales, images, category, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', ?, ?)`,
        )
        .run(source, item.platform, item.platformItemId, item.title, item.priceMinor, ctx.currency, item.shopName, item.shopUrl,
          item.description, item.weightGrams, item.cargoType, item.sales, item.category, now).lastInsertRowid,
    );
    const images = Array.from({ length: Math.max(1, item.imageCount) }, (_, i) => productImagePath(id, i));
    ctx.db.prepare('UPDATE products SET images = ? WHERE id = ?').run(JSON.stringify(images), id);
  }
  const upsertSku = ctx.db.prepare(
    `INSERT INTO product_skus (product_id, sku_id, name, price_minor, stock, image, position) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(product_id, sku_id) DO UPDATE SET name = excluded.name, price_minor = excluded.price_minor,
       image = excluded.image, position = excluded.position`,
  );
  item.skus.forEach((sku, position) => upsertSku.run(id, sku.skuId, sku.name, sku.priceMinor, sku.stock, sku.image ?? null, position));
  return id;
}
