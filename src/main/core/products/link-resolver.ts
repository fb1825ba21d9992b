import { readAgentLink } from './agent-links.js';
import type { Platform } from './marketplace/adapter.js';

export interface ResolvedLink {
  platform: Platform;
  platformItemId: string;
  /** Where the link came from: the marketplace (taobao, tmall, 1688, weidian) or the agent (superbuy, cnfans, ...). */
  source: string;
}

/** Why a pasted text is not a link we can open (the API's error `code`, which the UI words). */
export type LinkProblem = 'link_not_marketplace' | 'link_short' | 'link_no_item_id';

export type LinkReading = { ok: true; link: ResolvedLink } | { ok: false; problem: LinkProblem };

/** Short-link hosts: they only redirect, so the item id is not in the link itself. */
const SHORT_HOSTS = ['m.tb.cn', 'tb.cn', 'e.tb.cn', 'qr.1688.com', 'k.weidian.com'];

/** An item id: plain digits (marketplace ids have no fixed length; an unknown one is the adapter's 404). */
const digits = (value: string | null | undefined) => (value && /^\d{1,20}$/.test(value) ? value : null);

/**
 * The http(s) links inside pasted text, in order: the marketplaces' share buttons copy a sentence around
 * the link ("【淘宝】https://item.taobao.com/... 「title」"), and people paste all of it. Text with no such
 * link is taken as one link without its scheme ("item.taobao.com/item.htm?id=...").
 */
export function linksIn(input: string): string[] {
  const text = input.trim();
  const found = text.match(/https?:\/\/[^\s"'<>「」【】（）()，。,]+/gi);
  if (found) return found;
  return [/^[a-z]+:\/\//i.test(text) ? text : `https://${text}`];
}

function itemIdOf(platform: Platform, url: URL): string | null {
  const query = (...names: string[]) => {
    for (const name of names) {
      const id = digits(url.searchParams.get(name));
      if (id) return id;
    }
    return null;
  };
  switch (platform) {
    case 'taobao':
      // item.htm?id=, world.taobao.com/item/<id>.htm, a.m.taobao.com/i<id>.htm
      return query('id', 'itemId', 'item_id') ?? digits(/\/(?:item\/|i)(\d+)\.html?$/.exec(url.pathname)?.[1]);
    case '1688':
      // detail.1688.com/offer/<id>.html, m.1688.com/offer/<id>.html, detail.m.1688.com/page/index.html?offerId=
      return digits(/\/offer\/(\d+)\.html?/.exec(url.pathname)?.[1]) ?? query('offerId', 'offerid', 'id');
    case 'weidian':
      // weidian.com/item.html?itemID=, <shop>.v.weidian.com/item.html?itemID=, weidian.com/fastorder/item.html?itemId=
      return query('itemID', 'itemId', 'itemid', 'id');
  }
}

/**
 * Reads a marketplace product link (as users paste them from the app or the browser, alone or inside the
 * share text), or another agent's link wrapping one (agent-links.ts), into the platform and its item id,
 * or says what is wrong with it. Of several links in the text the first that names an item wins. Pure: no
 * network, so short links (m.tb.cn, which need a redirect) are recognised but not resolvable.
 *
 * Forms: item.taobao.com/item.htm?id=, detail.tmall.com/item.htm?id= (Tmall items are Taobao items, also
 * tmall.hk and the m. hosts), h5.m.taobao.com/...?id=, world.taobao.com/item/<id>.htm, a.m.taobao.com/i<id>.htm,
 * detail.1688.com/offer/<id>.html, m.1688.com/offer/<id>.html, detail.m.1688.com/...?offerId=,
 * weidian.com/item.html?itemID=, *.weidian.com/item.html?itemID=, youshop10.com likewise.
 */
export function readMarketplaceLink(input: string): LinkReading {
  let first: LinkReading | null = null;
  for (const link of linksIn(input)) {
    const reading = readOneLink(link, 0);
    if (reading.ok) return reading;
    // The most telling problem: a link of ours without an item beats text that is no link of ours.
    if (first === null || (first.ok === false && first.problem === 'link_not_marketplace')) first = reading;
  }
  return first ?? { ok: false, problem: 'link_not_marketplace' };
}

function readOneLink(text: string, depth: number): LinkReading {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(text) ? text : `https://${text.replace(/^\/\//, '')}`);
  } catch {
    return { ok: false, problem: 'link_not_marketplace' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: 'link_not_marketplace' };
  const host = url.hostname.toLowerCase();
  const is = (domain: string) => host === domain || host.endsWith(`.${domain}`);
  if (SHORT_HOSTS.includes(host)) return { ok: false, problem: 'link_short' };

  const platform: Platform | null =
    is('taobao.com') || is('tmall.com') || is('tmall.hk')
      ? 'taobao'
      : is('1688.com')
        ? '1688'
        : is('weidian.com') || is('youshop10.com')
          ? 'weidian'
          : null;
  if (!platform) return readWrapper(url, depth);
  const id = itemIdOf(platform, url);
  const source = is('tmall.com') || is('tmall.hk') ? 'tmall' : platform;
  return id ? { ok: true, link: { platform, platformItemId: id, source } } : { ok: false, problem: 'link_no_item_id' };
}

/** Another agent's link: the marketplace link it wraps (read as one, at most twice deep), or its platform and id. */
function readWrapper(url: URL, depth: number): LinkReading {
  const agent = readAgentLink(url);
  if (!agent) return { ok: false, problem: 'link_not_marketplace' };
  if (agent.wrapped !== null && depth < 2) {
    const inner = readOneLink(agent.wrapped, depth + 1);
    return inner.ok ? { ok: true, link: { ...inner.link, source: agent.source } } : inner.problem === 'link_not_marketplace' ? { ok: false, problem: 'link_no_item_id' } : inner;
  }
  if (agent.platform && agent.platformItemId) return { ok: true, link: { platform: agent.platform, platformItemId: agent.platformItemId, source: agent.source } };
  return { ok: false, problem: 'link_no_item_id' };
}

/** The platform and item id of a link, or null when it is not one we can open. */
export function resolveMarketplaceLink(input: string): ResolvedLink | null {
  const reading = readMarketplaceLink(input);
  return reading.ok ? reading.link : null;
}
