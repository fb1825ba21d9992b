import { PLATFORMS, type Platform } from '../../api/types';
import { SEARCH_SORTS, type SearchSort } from '../../../../contract/open/products';
import { SOURCES, type Source } from './sources';

/**
 * The shop's search as it lives in the URL (#/shop?q=hoodie&source=taobao&sort=price_asc&min=50&max=200
 * &stock=1&platform=1688&page=2): a reload, a shared link or Back restore the same results. Values the
 * page cannot use (an unknown sort, a negative price) are dropped, never sent.
 */
export interface ShopSearch {
  source: Source;
  query: string;
  page: number;
  sort: SearchSort | null;
  minPrice: number | null;
  maxPrice: number | null;
  inStock: boolean;
  /** Local catalog only: one platform's products. */
  platform: Platform | null;
}

export const EMPTY_SEARCH: ShopSearch = { source: 'local', query: '', page: 1, sort: null, minPrice: null, maxPrice: null, inStock: false, platform: null };

function price(text: string | null): number | null {
  if (text === null || !/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return Number(text);
}

export function parseShopSearch(params: URLSearchParams): ShopSearch {
  const source = params.get('source');
  const sort = params.get('sort');
  const platform = params.get('platform');
  const page = Number(params.get('page'));
  const parsedSource: Source = source && (SOURCES as readonly string[]).includes(source) ? (source as Source) : 'local';
  return {
    source: parsedSource,
    query: (params.get('q') ?? '').trim().slice(0, 200),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: sort && (SEARCH_SORTS as readonly string[]).includes(sort) ? (sort as SearchSort) : null,
    minPrice: price(params.get('min')),
    maxPrice: price(params.get('max')),
    inStock: params.get('stock') === '1',
    platform: parsedSource === 'local' && platform && (PLATFORMS as readonly string[]).includes(platform) ? (platform as Platform) : null,
  };
}

/** The query string of a search (no leading "?"); defaults are left out, so a plain shop is just #/shop. */
export function shopSearchQuery(search: ShopSearch): string {
  const params = new URLSearchParams();
  if (search.query) params.set('q', search.query);
  if (search.source !== 'local') params.set('source', search.source);
  if (search.sort) params.set('sort', search.sort);
  if (search.minPrice !== null) params.set('min', String(search.minPrice));
  if (search.maxPrice !== null) params.set('max', String(search.maxPrice));
  if (search.inStock) params.set('stock', '1');
  if (search.platform && search.source === 'local') params.set('platform', search.platform);
  if (search.page > 1) params.set('page', String(search.page));
  return params.toString();
}

export function shopSearchHash(search: ShopSearch): string {
  const query = shopSearchQuery(search);
  return query ? `#/shop?${query}` : '#/shop';
}

/** What the API takes for this search (the platform filter only on the local catalog). */
export function searchApiParams(search: ShopSearch, limit: number) {
  return {
    q: search.query,
    page: search.page,
    limit,
    ...(search.sort ? { sort: search.sort } : {}),
    ...(search.minPrice !== null ? { minPrice: search.minPrice } : {}),
    ...(search.maxPrice !== null ? { maxPrice: search.maxPrice } : {}),
    ...(search.inStock ? { inStock: true } : {}),
    ...(search.platform && search.source === 'local' ? { platform: search.platform } : {}),
  };
}
