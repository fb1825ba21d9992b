import type { CoreContext } from '../context.js';
import { badRequest, notFound } from '../shared/errors.js';
import { offsetOf, pageOf, type Page, type PageQuery } from '../shared/pagination.js';
import { getProductView, upsertMarketplaceItem, viewProducts, type ProductRow, type ProductView } from './catalog.js';
import { isPlatform } from './marketplace/adapter.js';
import { readMarketplaceLink, type LinkProblem } from './link-resolver.js';

/** FTS5 query from free text: every word as a quoted prefix term, so user input is never FTS syntax. */
function ftsQuery(text: string): string | null {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 12);
  return words.length ? words.map((w) => `"${w}"*`).join(' ') : null;
}

/** Searches the local catalog: by relevance, then best sellers; everything when the query is empty. */
export function searchLocalCatalog(ctx: CoreContext, q: string, page: PageQuery): Page<ProductView> {
  const match = ftsQuery(q);
  const params = { limit: page.limit, offset: offsetOf(page), match };
  const rows = match
    ? (ctx.db
        .prepare(
          `SELECT p.* FROM products_fts f JOIN products p ON p.id = f.rowid
            WHERE products_fts MATCH @match AND p.source = 'local'
            ORDER BY f.rank, p.sales DESC, p.id LIMIT @limit OFFSET @offset`,
        )
        .all(params) as ProductRow[])
    : (ctx.db
        .prepare(`SELECT * FROM products WHERE source = 'local' ORDER BY sales DESC, id LIMIT @limit OFFSET @offset`)
        .all(params) as ProductRow[]);
  const total = match
    ? (ctx.db
        .prepare(
          `SELECT COUNT(*) AS n FROM products_fts f JOIN products p ON p.id = f.rowid WHERE products_fts MATCH @match AND p.source = 'local'`,
        )
        .get({ match }) as { n: number }).n
    : (ctx.db.prepare(`SELECT COUNT(*) AS n FROM products WHERE source = 'local'`).get() as { n: number }).n;
  return pageOf(viewProducts(ctx, rows), total, page);
}

/** Searches one marketplace through its adapter; each item seen gets (or keeps) its local id. */
export async function searchPlatform(ctx: CoreContext, platform: string, q: string, page: PageQuery): Promise<Page<ProductView>> {
  if (!isPlatform(platform)) throw notFound(`Unknown platform "${platform}". Platforms: taobao, 1688, weidian`);
  const result = await ctx.marketplaces.get(platform).search(q, page.page, page.limit);
  const ids = ctx.db.transaction(() => result.items.map((item) => upsertMarketplaceItem(ctx, item)))();
  const rows = ids.map((id) => ctx.db.prepare('SELECT * FROM products WHERE id = ?').get(id) as ProductRow);
  return pageOf(viewProducts(ctx, rows), result.total, page);
}

const LINK_PROBLEMS: Record<LinkProblem, string> = {
  link_not_marketplace: 'url is not a Taobao, Tmall, 1688 or Weidian product link',
  link_short: 'url is a short link, which only redirects; open it in a browser and paste the product page link',
  link_no_item_id: 'url is a marketplace link but names no item (paste the link of a product page)',
};

/** Opens the product a pasted marketplace link points at. */
export async function resolveProductLink(ctx: CoreContext, url: string): Promise<ProductView> {
  const reading = readMarketplaceLink(url);
  if (!reading.ok) throw badRequest(LINK_PROBLEMS[reading.problem]).withDetail({ code: reading.problem, field: 'url' });
  const { link } = reading;
  const item = await ctx.marketplaces.get(link.platform).getItem(link.platformItemId);
  if (!item) throw notFound(`No ${link.platform} item ${link.platformItemId}`).withDetail({ code: 'item_not_found', field: 'url' });
  const id = ctx.db.transaction(() => upsertMarketplaceItem(ctx, item))();
  return getProductView(ctx, id);
}
