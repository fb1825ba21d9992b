import type { Platform } from './marketplace/adapter.js';

export interface ResolvedLink {
  platform: Platform;
  platformItemId: string;
}

/**
 * Reads a marketplace product link (as users paste them from the app or the browser) into the platform and
 * its item id. Pure: no network, so short links (m.tb.cn, which need a redirect) are not resolvable.
 *
 * Forms: item.taobao.com/item.htm?id=, detail.tmall.com/item.htm?id= (Tmall items are Taobao items),
 * h5.m.taobao.com/...?id=, world.taobao.com/item/<id>.htm, detail.1688.com/offer/<id>.html,
 * m.1688.com/offer/<id>.html, weidian.com/item.html?itemID=, *.weidian.com/item.html?itemID=.
 */
export function resolveMarketplaceLink(input: string): ResolvedLink | null {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(input.trim()) ? input.trim() : `https://${input.trim()}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const is = (domain: string) => host === domain || host.endsWith(`.${domain}`);
  const digits = (value: string | null | undefined) => (value && /^\d{5,20}$/.test(value) ? value : null);

  if (is('taobao.com') || is('tmall.com') || is('tmall.hk')) {
    const fromQuery = digits(url.searchParams.get('id'));
    const fromPath = digits(/\/item\/(\d+)\.htm/.exec(url.pathname)?.[1]);
    const id = fromQuery ?? fromPath;
    return id ? { platform: 'taobao', platformItemId: id } : null;
  }
  if (is('1688.com')) {
    const id = digits(/\/offer\/(\d+)\.html?/.exec(url.pathname)?.[1]) ?? digits(url.searchParams.get('offerId'));
    return id ? { platform: '1688', platformItemId: id } : null;
  }
  if (is('weidian.com') || is('youshop10.com')) {
    const id = digits(url.searchParams.get('itemID') ?? url.searchParams.get('itemId') ?? url.searchParams.get('itemid'));
    return id ? { platform: 'weidian', platformItemId: id } : null;
  }
  return null;
}
