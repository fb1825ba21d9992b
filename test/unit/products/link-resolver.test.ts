import { describe, expect, it } from 'vitest';
import { readMarketplaceLink, resolveMarketplaceLink } from '../../../src/main/core/products/link-resolver.js';
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
    // Ids have no fixed length: a short one is a link to open (the marketplace answers whether it exists).
    ['https://detail.1688.com/offer/123.html', '1688', '123'],
    ['https://detail.m.1688.com/page/index.html?offerId=710000007919', '1688', '710000007919'],
    ['https://a.m.taobao.com/i650000190056.htm', 'taobao', '650000190056'],
    ['https://detail.m.tmall.com/item.htm?id=650000190056', 'taobao', '650000190056'],
    ['https://detail.tmall.hk/hk/item.htm?id=650000190056', 'taobao', '650000190056'],
    ['https://market.m.taobao.com/app/detail?id=650000190056', 'taobao', '650000190056'],
    ['https://weidian.com/fastorder/item.html?itemId=4300007919', 'weidian', '4300007919'],
    ['https://k.youshop10.com/item.html?itemID=4300007919', 'weidian', '4300007919'],
    // The share button's sentence around the link.
    ['【淘宝】限时特惠 https://item.taobao.com/item.htm?id=650000190056 「Cotton tee」点击链接直接打开', 'taobao', '650000190056'],
  ])('%s -> %s %s', (url, platform, id) => {
    expect(resolveMarketplaceLink(url)).toMatchObject({ platform, platformItemId: id });
  });

  it.each(['https://example.com/item.htm?id=123456', 'https://item.taobao.com/item.htm', 'javascript:alert(1)', 'not a url at all', 'https://evil-taobao.com/item.htm?id=123456'])(
    'rejects %s',
    (url) => {
      expect(resolveMarketplaceLink(url)).toBeNull();
    },
  );
});

describe('what is wrong with a link', () => {
  it.each([
    ['https://example.com/item.htm?id=123456', 'link_not_marketplace'],
    ['not a url at all', 'link_not_marketplace'],
    ['https://m.tb.cn/h.5Xyz?tk=abc', 'link_short'],
    ['https://shop123.taobao.com/', 'link_no_item_id'],
    ['https://detail.1688.com/offer/abc.html', 'link_no_item_id'],
  ])('%s: %s', (url, problem) => {
    expect(readMarketplaceLink(url)).toEqual({ ok: false, problem });
  });
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
