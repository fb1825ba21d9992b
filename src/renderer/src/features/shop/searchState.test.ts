import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH, parseShopSearch, searchApiParams, shopSearchHash } from './searchState';

describe('the shop search in the URL', () => {
  it('round-trips every field', () => {
    const search = { source: 'local' as const, query: 'hoodie', page: 3, sort: 'price_asc' as const, minPrice: 50, maxPrice: 120.5, inStock: true, platform: '1688' as const };
    const hash = shopSearchHash(search);
    expect(hash).toBe('#/shop?q=hoodie&sort=price_asc&min=50&max=120.5&stock=1&platform=1688&page=3');
    expect(parseShopSearch(new URLSearchParams(hash.split('?')[1]))).toEqual(search);
  });

  it('leaves defaults out and drops what the page cannot use', () => {
    expect(shopSearchHash(EMPTY_SEARCH)).toBe('#/shop');
    expect(parseShopSearch(new URLSearchParams('sort=cheapest&min=-1&max=abc&page=0&source=amazon&stock=yes'))).toEqual(EMPTY_SEARCH);
    // The platform filter belongs to the local catalog only.
    expect(parseShopSearch(new URLSearchParams('source=taobao&platform=1688')).platform).toBeNull();
  });

  it('sends only the filters that are set', () => {
    expect(searchApiParams(EMPTY_SEARCH, 24)).toEqual({ q: '', page: 1, limit: 24 });
    expect(searchApiParams({ ...EMPTY_SEARCH, source: 'taobao', sort: 'newest', inStock: true, platform: '1688' }, 24)).toEqual({
      q: '',
      page: 1,
      limit: 24,
      sort: 'newest',
      inStock: true,
    });
  });
});
