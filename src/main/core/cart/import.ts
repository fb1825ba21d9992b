import type { CoreContext } from '../context.js';
import { findStored, requestHash, storeResponse } from '../http/idempotency.js';
import { upsertMarketplaceItem } from '../products/catalog.js';
import { readMarketplaceLink, type LinkProblem } from '../products/link-resolver.js';
import type { MarketplaceItem } from '../products/marketplace/adapter.js';
import { ApiError, badRequest } from '../shared/errors.js';
import { addLine } from './cart.js';
import { entriesOf, importLines, MAX_IMPORT_LINES, pickSku, type ImportEntry } from './import-text.js';
import type { CartImport, CartImportBody, CartImportLine } from '../../../contract/open/cart.js';

/**
 * POST /cart/import (extensions.md section 13): everything a shopper pastes, added line by line as far as
 * it can be, each line explained. Links are read (marketplace or agent links, link-resolver.ts) and their
 * items fetched from the marketplace first (asynchronous: an online adapter waits on the network); then
 * one transaction adds every line it resolved, with the Idempotency-Key record beside it, so a retried
 * import never adds twice. Lines that fail never stop the others: the answer says what became of each.
 */
const ROUTE_PATH = '/api/v1/open/cart/import';

const PROBLEM_MESSAGE: Record<LinkProblem, string> = {
  link_not_marketplace: 'not a Taobao, Tmall, 1688 or Weidian link, nor an agent\'s link to one',
  link_short: 'a short link, which only redirects: open it and paste the product page link',
  link_no_item_id: 'the link names no item',
};

interface Resolved {
  entry: ImportEntry;
  item: MarketplaceItem | null;
  /** Why the line cannot be added before its SKU is looked at: no link of ours (unsupported) or no such item (not_found). */
  problem: { status: 'unsupported' | 'not_found'; message: string } | null;
  linkSkuId: string | null;
}

function skuIdInLink(input: string): string | null {
  try {
    return new URL(/^https?:\/\//i.test(input) ? input : `https://${input}`).searchParams.get('skuId');
  } catch {
    return null;
  }
}

async function resolveEntries(ctx: CoreContext, entries: readonly ImportEntry[]): Promise<Resolved[]> {
  // The same item pasted on several lines is fetched once.
  const fetches = new Map<string, Promise<MarketplaceItem | null>>();
  return Promise.all(
    entries.map(async (entry): Promise<Resolved> => {
      if (entry.input === '') return { entry, item: null, problem: { status: 'unsupported', message: 'no product link on this line' }, linkSkuId: null };
      const reading = readMarketplaceLink(entry.input);
      if (!reading.ok) return { entry, item: null, problem: { status: 'unsupported', message: PROBLEM_MESSAGE[reading.problem] }, linkSkuId: null };
      const key = `${reading.link.platform}:${reading.link.platformItemId}`;
      if (!fetches.has(key)) fetches.set(key, ctx.marketplaces.get(reading.link.platform).getItem(reading.link.platformItemId));
      const item = await fetches.get(key)!;
      const problem = item ? null : { status: 'not_found' as const, message: `no ${reading.link.platform} item ${reading.link.platformItemId}` };
      return { entry, item, problem, linkSkuId: skuIdInLink(entry.input) };
    }),
  );
}

function addResolved(ctx: CoreContext, userId: number, resolved: readonly Resolved[], defaultQuantity: number): CartImport {
  const seen = new Set<string>();
  const lines = resolved.map((r): CartImportLine => {
    const base = { line: r.entry.line, input: r.entry.input, productId: null, skuId: null, quantity: null, cartItemId: null };
    if (r.problem !== null) return { ...base, ...r.problem };
    const productId = upsertMarketplaceItem(ctx, r.item!);
    const skus = ctx.db.prepare('SELECT sku_id AS skuId, name FROM product_skus WHERE product_id = ? ORDER BY position').all(productId) as { skuId: string; name: string }[];
    const quantity = r.entry.quantity ?? defaultQuantity;
    const sku = pickSku(skus, r.entry.hints, r.linkSkuId);
    if (!sku) {
      const message = r.entry.hints.length
        ? `the product has ${skus.length} SKUs and "${r.entry.hints.join(' ')}" names none of them alone: choose one`
        : `the product has ${skus.length} SKUs: choose one (or add its colour and size to the line)`;
      return { ...base, productId, quantity, status: 'needs_sku', message };
    }
    const key = `${productId}:${sku.skuId}`;
    if (seen.has(key)) return { ...base, productId, skuId: sku.skuId, quantity, status: 'duplicate', message: `the same product and SKU as an earlier line (${sku.name}); added once` };
    seen.add(key);
    try {
      const added = addLine(ctx, userId, { productId: String(productId), skuId: sku.skuId, quantity });
      return { ...base, productId, skuId: sku.skuId, quantity, cartItemId: added.id, status: 'added', message: `added ${quantity} x ${sku.name}` };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { ...base, productId, skuId: sku.skuId, quantity, status: 'unsupported', message: error.message };
    }
  });
  return { added: lines.filter((l) => l.status === 'added').length, lines };
}

/** The import's answer, and whether it is the stored answer of an earlier request with the same Idempotency-Key. */
export interface CartImportOutcome {
  result: CartImport;
  replayed: boolean;
}

export async function importToCart(
  ctx: CoreContext,
  caller: { userId: number; keyId: number },
  body: CartImportBody,
  idempotencyKey: string | null,
): Promise<CartImportOutcome> {
  const parsed = importLines(body.text);
  if (parsed === null) throw badRequest(`text: at most ${MAX_IMPORT_LINES} lines`);
  if (parsed.length === 0) throw badRequest('text: paste at least one line');
  const hash = requestHash('POST', ROUTE_PATH, body);
  const stored = () => (idempotencyKey ? findStored(ctx, caller.keyId, idempotencyKey, hash) : null);
  const before = ctx.db.transaction(stored)();
  if (before) return { result: (before.body as { data: CartImport }).data, replayed: true };
  const resolved = await resolveEntries(
    ctx,
    parsed.flatMap((l) => entriesOf(l.line, l.text)),
  );
  return ctx.db
    .transaction(() => {
      const again = stored();
      if (again) return { result: (again.body as { data: CartImport }).data, replayed: true };
      const result = addResolved(ctx, caller.userId, resolved, body.defaultQuantity ?? 1);
      if (idempotencyKey) storeResponse(ctx, caller.keyId, idempotencyKey, 'POST', ROUTE_PATH, hash, { statusCode: 200, body: { data: result } });
      return { result, replayed: false };
    })
    .immediate();
}
