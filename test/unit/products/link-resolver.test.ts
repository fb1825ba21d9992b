import { describe, expect, it } from 'vitest';
import { resolveMarketplaceLink } from '../../../src/main/core/products/link-resolver.js';
import { generateItem, indexOfItemId, platformItemId } from '../../../src/main/core/products/marketplace/simulated.js';

describe('marketplace links', () => {
  it.each([
    ['https://item.taobao.com/item.htm?id=650000190056', 'taobao', '650000190056'],
    ['item.taobao.com/item.htm?spm=a&id=650000190056&ns=1', 'taobao', '650000190056'],
    ['https://detail.tmall.com/item.htm?id=650000190056&skuId=1', 'taobao', '650000190056'],
    ['https://h5.m.taobao.com/awp/core/detail.htm?id=650000190056', 'taobao', '650000190056'],
    ['https://world.taobao.com/item/650000190056.htm', 'taobao', '650000190056'],
    ['https://detail.1688.com/offer/710000007919.html', '1688', '710000007919'],
    ['https://m.1688.com/offer/710000007919.html?x=1', '1688', '710000007919'],
    ['https://weidian.com/item.html?itemID=4300007919', 'weidian', '4300007919'],
    ['https://shop1234.v.weidian.com/item.html?itemID=4300007919', 'weidian', '4300007919'],
  ])('%s -> %s %s', (url, platform, id) => {
    expect(resolveMarketplaceLink(url)).toEqual({ platform, platformItemId: id });
  });

  it.each(['https://example.com/item.htm?id=123456', 'https://item.taobao.com/item.htm', 'javascript:alert(1)', 'not a url at all', 'https://evil-taobao.com/item.htm?id=123456'])(
    'rejects %s',
    (url) => {
      expect(resolveMarketplaceLink(url)).toBeNull();
    },
  );
});

describe('simulated marketplace', () => {
  it('is deterministic and its ids encode the item index', () => {
    expect(generateItem('taobao', 42)).toEqual(generateItem('taobao', 42));
    expect(indexOfItemId('taobao', platformItemId('taobao', 42))).toBe(42);
    expect(indexOfItemId('taobao', '123')).toBeNull();
    expect(indexOfItemId('1688', platformItemId('taobao', 1))).toBeNull();
  });
  it('prices are the minimum SKU price and SKU ids are unique', () => {
    for (let i = 0; i < 200; i++) {
      const item = generateItem('weidian', i);
      expect(item.priceMinor).toBe(Math.min(...item.skus.map((s) => s.priceMinor)));
      expect(new Set(item.skus.map((s) => s.skuId)).size).toBe(item.skus.length);
      expect(Number.isInteger(item.priceMinor)).toBe(true);
    }
  });
});
