import { describe, expect, it } from 'vitest';
import { readMarketplaceLink } from '../../../src/main/core/products/link-resolver.js';

const TB = '650000190056';
const AL = '710000007919';
const WD = '4300007919';
const enc = encodeURIComponent;
const wdUrl = `https://weidian.com/item.html?itemID=${WD}`;
const tbUrl = `https://item.taobao.com/item.htm?id=${TB}`;
const alUrl = `https://detail.1688.com/offer/${AL}.html`;

/**
 * Every agent link form docs/API.md lists ("Links from anywhere"), one row each: the link, the source the
 * answer names, and the marketplace item it opens.
 */
const FORMS: [string, string, string, string][] = [
  // the marketplace link wrapped in a query parameter
  [`https://www.superbuy.com/en/page/buy/?nTag=Home-search&from=search-input&url=${enc(tbUrl)}`, 'superbuy', 'taobao', TB],
  [`https://www.superbuy.com/en/page/buy/?platform=WD&id=${WD}&partnercode=abc`, 'superbuy', 'weidian', WD],
  [`https://www.wegobuy.com/en/page/buy?from=search-input&url=${enc(alUrl)}`, 'wegobuy', '1688', AL],
  [`https://www.allchinabuy.com/en/page/buy/?url=${enc(wdUrl)}`, 'allchinabuy', 'weidian', WD],
  [`https://www.hubbuycn.com/order/buy/?from=search-input&url=${enc(wdUrl)}`, 'hubbuycn', 'weidian', WD],
  [`https://www.kakobuy.com/item/details?url=${enc(wdUrl)}&affcode=abc`, 'kakobuy', 'weidian', WD],
  [`https://item.kakobuy.com/item/details?url=${enc(tbUrl)}`, 'kakobuy', 'taobao', TB],
  [`https://www.sugargoo.com/#/home/productDetail?productLink=${enc(wdUrl)}&memberId=1`, 'sugargoo', 'weidian', WD],
  [`https://www.sugargoo.com/#/home/productDetail?productLink=${enc(enc(tbUrl))}`, 'sugargoo', 'taobao', TB],
  [`https://www.sugargoo.com/products?productLink=${enc(alUrl)}`, 'sugargoo', '1688', AL],
  [`https://www.wemimi.com/#/home/productDetail?productLink=${enc(enc(wdUrl))}`, 'wemimi', 'weidian', WD],
  [`https://www.pandabuy.com/product?url=${enc(tbUrl)}&inviteCode=x`, 'pandabuy', 'taobao', TB],
  [`https://www.hagobuy.com/item/details?url=${enc(wdUrl)}`, 'hagobuy', 'weidian', WD],
  [`https://www.litbuy.com/transmit?url=${enc(tbUrl)}&affcode=x`, 'litbuy', 'taobao', TB],
  [`https://bbdbuy.com/index/item/index.html?tp=taobao&tid=&searchlang=en&url=${enc(wdUrl)}`, 'bbdbuy', 'weidian', WD],
  // an item id and a platform word in the query
  [`https://cnfans.com/product/?shop_type=weidian&id=${WD}&ref=1`, 'cnfans', 'weidian', WD],
  [`https://cnfans.com/product?id=${TB}&platform=TAOBAO`, 'cnfans', 'taobao', TB],
  [`https://cnfans.com/product?id=${AL}&platform=ALI_1688&ref=`, 'cnfans', '1688', AL],
  [`https://mulebuy.com/product/?shop_type=taobao&id=${TB}`, 'mulebuy', 'taobao', TB],
  [`https://mulebuy.com/product?id=${WD}&platform=WEIDIAN`, 'mulebuy', 'weidian', WD],
  [`https://joyabuy.com/product/?shop_type=ali_1688&id=${AL}`, 'joyabuy', '1688', AL],
  [`https://orientdig.com/product?shop_type=weidian&id=${WD}`, 'orientdig', 'weidian', WD],
  [`https://www.lovegobuy.com/product?id=${WD}&shop_type=weidian&invite_code=1`, 'lovegobuy', 'weidian', WD],
  [`https://www.acbuy.com/product?id=${WD}&source=WD`, 'acbuy', 'weidian', WD],
  [`https://www.acbuy.com/product/?id=${TB}&source=TB&u=x`, 'acbuy', 'taobao', TB],
  [`https://m.acbuy.com/product?id=${AL}&source=AL&inviteCode=x`, 'acbuy', '1688', AL],
  [`https://joyagoo.com/index/item/index.html?tp=weidian&id=${WD}`, 'joyagoo', 'weidian', WD],
  [`https://m.oopbuy.com/pages/goods/details?channelId=weidian&inviteCode=x&spuNo=${WD}`, 'oopbuy', 'weidian', WD],
  [`https://m.oopbuy.com/pages/goods/details?channelId=1&spuNo=${TB}`, 'oopbuy', 'taobao', TB],
  // the platform and id in the path
  [`https://www.cssbuy.com/item-${TB}.html`, 'cssbuy', 'taobao', TB],
  [`https://www.cssbuy.com/item-micro-${WD}.html`, 'cssbuy', 'weidian', WD],
  [`https://www.cssbuy.com/item-1688-${AL}.html?promotionCode=x`, 'cssbuy', '1688', AL],
  [`https://fansbuy.com/item-micro-${WD}.html?promotionCode=x`, 'fansbuy', 'weidian', WD],
  [`https://hoobuy.com/product/2/${WD}`, 'hoobuy', 'weidian', WD],
  [`https://hoobuy.com/product/1/${TB}?inviteCode=x`, 'hoobuy', 'taobao', TB],
  [`https://hoobuy.com/product/0/${AL}`, 'hoobuy', '1688', AL],
  [`https://oopbuy.com/product/weidian/${WD}?inviteCode=x`, 'oopbuy', 'weidian', WD],
  [`https://oopbuy.com/product/1/${TB}`, 'oopbuy', 'taobao', TB],
  [`https://oopbuy.com/product/1688/${AL}`, 'oopbuy', '1688', AL],
  [`https://litbuy.com/product/weidian/${WD}?inviteCode=x`, 'litbuy', 'weidian', WD],
  [`https://hipobuy.com/product/weidian/${WD}?inviteCode=x`, 'hipobuy', 'weidian', WD],
  [`https://www.usfans.com/product/3/${WD}`, 'usfans', 'weidian', WD],
  [`https://www.usfans.com/product/2/${TB}`, 'usfans', 'taobao', TB],
  [`https://www.usfans.com/product/1/${AL}`, 'usfans', '1688', AL],
  [`https://www.basetao.com/best-taobao-agent-service/products/agent/taobao/${TB}.html`, 'basetao', 'taobao', TB],
  // marketplace share texts
  [`【微店】Cotton tee，快来看看吧 ${wdUrl}&wfr=wx&source=goods_home`, 'weidian', 'weidian', WD],
  [`【淘宝】限时特惠 ${tbUrl} 「Cotton tee」点击链接直接打开`, 'taobao', 'taobao', TB],
  [`【1688】Cotton tee ${alUrl}?spm=a26352 复制打开`, '1688', '1688', AL],
  [`https://detail.tmall.com/item.htm?id=${TB}`, 'tmall', 'taobao', TB],
  // a shop link before the item link in one share text: the item wins
  [`https://shop1234.v.weidian.com/?userid=1 ${wdUrl}`, 'weidian', 'weidian', WD],
];

describe('links from anywhere', () => {
  it.each(FORMS)('%s -> %s (%s %s)', (link, source, platform, id) => {
    expect(readMarketplaceLink(link)).toEqual({ ok: true, link: { platform, platformItemId: id, source } });
  });

  it('an agent link naming no item, or wrapping something else, is link_no_item_id; unknown hosts stay not ours', () => {
    expect(readMarketplaceLink('https://www.kakobuy.com/')).toEqual({ ok: false, problem: 'link_no_item_id' });
    expect(readMarketplaceLink(`https://www.kakobuy.com/item/details?url=${enc('https://example.com/x')}`)).toEqual({ ok: false, problem: 'link_no_item_id' });
    expect(readMarketplaceLink(`https://cnfans.com/product?id=${TB}&platform=JD`)).toEqual({ ok: false, problem: 'link_no_item_id' });
    expect(readMarketplaceLink(`https://example-agent.com/product?shop_type=taobao&id=${TB}`)).toEqual({ ok: false, problem: 'link_not_marketplace' });
    expect(readMarketplaceLink(`https://www.superbuy.com/en/page/buy/?url=${enc('https://m.tb.cn/h.abc')}`)).toEqual({ ok: false, problem: 'link_short' });
  });
});
