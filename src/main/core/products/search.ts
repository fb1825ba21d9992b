import type { CoreContext } from '../context.js';
import { KeptViews } from '../db/kept-views.js';
import { badRequest, notFound } from '../shared/errors.js';
import { offsetOf, pageOf, type Page, type Paging } from '../shared/pagination.js';
import { getProductView, upsertMarketplaceItem, viewProducts } from './catalog.js';
import { productRows } from './rows.js';
import type { Product } from '../../../contract/open/products.js';
import { isPlatform } from './marketplace/adapter.js';
import { readMarketplaceLink, type LinkProblem } from './link-resolver.js';
import { NO_FILTERS, type SearchFilters } from './search-filters.js';
import type { ResolvedProduct, SearchSort } from '../../../contract/open/products.js';

/** FTS5 query from free text: every word as a quoted prefix term, so user input is never FTS syntax. */
function ftsQuery(text: string): string | null {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 12);
  return words.length ? words.map((w) => `"${w}"*`).join(' ') : null;
}

/** ORDER BY of each sort; null (the default) is relevance with a query and best sellers without. */
const ORDER_BY: Record<SearchSort, string> = {
  price_asc: 'p.price_minor, p.id',
  price_desc: 'p.price_minor DESC, p.id',
  sales: 'p.sales DESC, p.id',
  // Ids grow as products are listed: the newest listing has the highest id (the products_source index).
  newest: 'p.id DESC',
};

/**
 * Pages of the local catalog already built, kept while nothing in the database changed
 * (db/kept-views.ts): a repeated search (a UI re-rendering, a script polling) runs no statement. Keyed by
 * page, filters and the query text as sent; at most about 5000 products kept (a few MB).
 */
const keptPages = new KeptViews<string, Page<Product>>(5000, (page) => 1 + page.items.length);

/**
 * Searches the local catalog: by relevance, then best sellers; everything when the query is empty, nothing
 * when it holds no letter or digit. The
 * sort and filters narrow the same statement: without a query the rows come in index order
 * (products_source_sales, products_source_price, products_source) with the filters checked on the way and
 * the in-stock test a seek into product_skus' primary key; with one, FTS5 finds the rows first.
 */
export function searchLocalCatalog(ctx: CoreContext, q: string, page: Paging, filters: SearchFilters = NO_FILTERS): Page<Product> {
  // The query text last: every field before it is a number, a fixed word or empty, so no two searches
  // share a key. Built without parsing the text: a kept page is found for the cost of this string.
  const key = `${page.page}|${page.limit}|${filters.sort ?? ''}|${filters.minPriceMinor ?? ''}|${filters.maxPriceMinor ?? ''}|${filters.inStock}|${filters.platform ?? ''}|${q}`;
  return keptPages.get(ctx.db, ctx.mediaUrl('/'), key, () => {
    const match = ftsQuery(q);
    // Text with no letter or digit to search for (an emoji, "-"): nothing matches it. Only an empty query
    // lists everything; before, "😀" answered the whole catalog.
    if (match === null && q.trim() !== '') return freezePage(pageOf([], 0, page));
    return freezePage(inOneRead(ctx, () => buildPage(ctx, match, page, filters)));
  });
}

/**
 * Runs the page's statements in one read transaction: each statement on its own opens and closes one
 * (two fcntl locks on the WAL index), the largest cost of a cold page after FTS itself. Inside an open
 * group-commit batch they already share its transaction.
 */
function inOneRead<T>(ctx: CoreContext, work: () => T): T {
  return ctx.db.inTransaction ? work() : ctx.db.transaction(work).deferred();
}

function buildPage(ctx: CoreContext, match: string | null, page: Paging, filters: SearchFilters): Page<Product> {
  const where = ["p.source = 'local'"];
  if (match) where.push('products_fts MATCH @match');
  if (filters.platform) where.push('p.platform = @platform');
  if (filters.minPriceMinor !== null) where.push('p.price_minor >= @minPrice');
  if (filters.maxPriceMinor !== null) where.push('p.price_minor <= @maxPrice');
  if (filters.inStock) where.push('EXISTS (SELECT 1 FROM product_skus s WHERE s.product_id = p.id AND s.stock > 0)');
  // CROSS JOIN keeps FTS5 as the outer loop: with a price order the planner would otherwise walk the price
  // index and probe the full-text index once per catalog row (measured: 17 ms instead of under 1 ms a page).
  const from = match ? 'products_fts f CROSS JOIN products p ON p.id = f.rowid' : 'products p';
  const order = filters.sort ? ORDER_BY[filters.sort] : match ? 'f.rank, p.sales DESC, p.id' : 'p.sales DESC, p.id';
  const offset = offsetOf(page);
  const params = {
    limit: page.limit,
    offset,
    match,
    platform: filters.platform,
    minPrice: filters.minPriceMinor,
    maxPrice: filters.maxPriceMinor,
  };
  const condition = where.join(' AND ');
  const rows = productRows.all(ctx.db.prepare(`SELECT p.* FROM ${from} WHERE ${condition} ORDER BY ${order} LIMIT @limit OFFSET @offset`).all(params));
  // A page that is not full is the last one: the rows before it and on it are all there are. Only a full
  // page, or one past the end, needs the count.
  const total =
    rows.length < page.limit && (rows.length > 0 || offset === 0)
      ? offset + rows.length
      : (ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${from} WHERE ${condition}`).get(params) as { n: number }).n;
  return pageOf(viewProducts(ctx, rows), total, page);
}

/** A kept page is shared by every caller that asks again: nothing may change it. */
function freezePage(page: Page<Product>): Page<Product> {
  for (const product of page.items) {
    for (const sku of product.skus) Object.freeze(sku);
    Object.freeze(product.skus);
    Object.freeze(product.images);
    Object.freeze(product);
  }
  Object.freeze(page.items);
  return Object.freeze(page);
}

/** Searches one marketplace through its adapter; each item seen gets (or keeps) its local id. */
export async function searchPlatform(
  ctx: CoreContext,
  platform: string,
  q: string,
  page: Paging,
  filters: SearchFilters = NO_FILTERS,
): Promise<Page<Product>> {
  if (!isPlatform(platform)) throw notFound(`Unknown platform "${platform}". Platforms: taobao, 1688, weidian`);
  const result = await ctx.marketplaces.get(platform).search(q, page.page, page.limit, {
    sort: filters.sort,
    minPriceMinor: filters.minPriceMinor,
    maxPriceMinor: filters.maxPriceMinor,
    inStock: filters.inStock,
  });
  const ids = ctx.db.transaction(() => result.items.map((item) => upsertMarketplaceItem(ctx, item)))();
  const rows = ids.map((id) => productRows.existing(ctx.db.prepare('SELECT * FROM products WHERE id = ?').get(id)));
  return pageOf(viewProducts(ctx, rows), result.total, page);
}

const LINK_PROBLEMS: Record<LinkProblem, string> = {
  link_not_marketplace: 'url is not a Taobao, Tmall, 1688 or Weidian product link, nor an agent\'s link to one',
  link_short: 'url is a short link, which only redirects; open it in a browser and paste the product page link',
  link_no_item_id: 'url is a marketplace link but names no item (paste the link of a product page)',
};

/** Opens the product a pasted marketplace link points at. */
export async function resolveProductLink(ctx: CoreContext, url: string): Promise<ResolvedProduct> {
  const reading = readMarketplaceLink(url);
  if (!reading.ok) throw badRequest(LINK_PROBLEMS[reading.problem]).withDetail({ code: reading.problem, field: 'url' });
  const { link } = reading;
  const item = await ctx.marketplaces.get(link.platform).getItem(link.platformItemId);
  if (!item) throw notFound(`No ${link.platform} item ${link.platformItemId}`).withDetail({ code: 'item_not_found', field: 'url' });
  const id = ctx.db.transaction(() => upsertMarketplaceItem(ctx, item))();
  return { ...getProductView(ctx, id), source: link.source };
}
