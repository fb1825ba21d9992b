import type { Platform } from './marketplace/adapter.js';

/**
 * Other purchasing agents' product links (extensions.md section 13). An agent's page for a Taobao, Weidian
 * or 1688 item names the item in its URL in one of a few ways, and every agent uses one of them:
 *
 * - the marketplace link itself in a query parameter (`url`, `productLink`, ...), URL-encoded once or twice,
 *   sometimes after the `#` of a single-page app (Superbuy, Kakobuy, Sugargoo, Pandabuy, Hagobuy, ...);
 * - an item id plus a platform word in the query (`shop_type=taobao&id=`, `platform=WEIDIAN&id=`,
 *   `source=WD&id=`, `channelId=weidian&spuNo=`: CNFans, Mulebuy, ACBuy, JoyaBuy, Oopbuy's mobile site, ...);
 * - the platform and id in the path (`/product/weidian/<id>`, `/product/2/<id>`, CSSBuy's
 *   `/item-micro-<id>.html`), where numeric platform codes are each agent's own (Hoobuy's 2 is Weidian,
 *   USFans' 2 is Taobao).
 *
 * Pure: the forms were collected from the agents' own links as shoppers share them and from the public
 * link converters; docs/API.md lists each with an example, and test/unit/products/agent-links.test.ts reads
 * every one.
 */
export interface AgentLinkReading {
  source: string;
  platform: Platform | null;
  platformItemId: string | null;
  /** A marketplace link found inside the agent's link, to be read as one. */
  wrapped: string | null;
}

interface Agent {
  source: string;
  /** Registrable domains (any sub-domain matches). */
  domains: readonly string[];
  /** The agent's own numeric platform codes, where it has some. */
  codes?: Readonly<Record<string, Platform>>;
}

export const AGENTS: readonly Agent[] = [
  { source: 'superbuy', domains: ['superbuy.com'] },
  { source: 'wegobuy', domains: ['wegobuy.com'] },
  { source: 'allchinabuy', domains: ['allchinabuy.com'] },
  { source: 'hubbuycn', domains: ['hubbuycn.com'] },
  { source: 'cssbuy', domains: ['cssbuy.com'] },
  { source: 'fansbuy', domains: ['fansbuy.com'] },
  { source: 'sugargoo', domains: ['sugargoo.com'] },
  { source: 'wemimi', domains: ['wemimi.com'] },
  { source: 'mulebuy', domains: ['mulebuy.com'] },
  { source: 'kakobuy', domains: ['kakobuy.com'] },
  { source: 'cnfans', domains: ['cnfans.com'] },
  { source: 'joyabuy', domains: ['joyabuy.com'] },
  { source: 'joyagoo', domains: ['joyagoo.com'] },
  { source: 'orientdig', domains: ['orientdig.com'] },
  { source: 'lovegobuy', domains: ['lovegobuy.com'] },
  { source: 'acbuy', domains: ['acbuy.com'] },
  { source: 'hoobuy', domains: ['hoobuy.com'], codes: { '0': '1688', '1': 'taobao', '2': 'weidian' } },
  { source: 'hipobuy', domains: ['hipobuy.com'], codes: { '0': '1688', '1': 'taobao', '2': 'weidian' } },
  { source: 'oopbuy', domains: ['oopbuy.com'], codes: { '1': 'taobao' } },
  { source: 'litbuy', domains: ['litbuy.com'], codes: { '1': 'taobao' } },
  { source: 'usfans', domains: ['usfans.com'], codes: { '1': '1688', '2': 'taobao', '3': 'weidian' } },
  { source: 'pandabuy', domains: ['pandabuy.com'] },
  { source: 'hagobuy', domains: ['hagobuy.com'] },
  { source: 'basetao', domains: ['basetao.com'] },
  { source: 'bbdbuy', domains: ['bbdbuy.com'] },
  { source: 'ootdbuy', domains: ['ootdbuy.com'] },
];

/** Platform words the agents use, lower-cased. */
const PLATFORM_WORDS: Readonly<Record<string, Platform>> = {
  taobao: 'taobao',
  tb: 'taobao',
  tmall: 'taobao',
  weidian: 'weidian',
  wd: 'weidian',
  micro: 'weidian',
  '1688': '1688',
  ali_1688: '1688',
  ali1688: '1688',
  alibaba: '1688',
  al: '1688',
};

/** Query parameters that carry the wrapped marketplace link. */
const LINK_PARAMS = ['url', 'productlink', 'link', 'producturl', 'itemurl', 'goodsurl', 'target'];
/** Query parameters that carry an item id, and those that say its platform. */
const ID_PARAMS = ['id', 'itemid', 'item_id', 'spuno', 'offerid', 'goodsid', 'productid', 'tid'];
const PLATFORM_PARAMS = ['shop_type', 'platform', 'source', 'channel', 'channelid', 'tp', 'type', 'shoptype'];

const digits = (value: string | null | undefined) => (value && /^\d{1,20}$/.test(value) ? value : null);

export function agentOf(host: string): Agent | null {
  const h = host.toLowerCase();
  return AGENTS.find((a) => a.domains.some((d) => h === d || h.endsWith(`.${d}`))) ?? null;
}

function platformOf(word: string | null | undefined, agent: Agent): Platform | null {
  if (!word) return null;
  const w = word.toLowerCase();
  return agent.codes?.[w] ?? PLATFORM_WORDS[w] ?? null;
}

/** Undoes one or two rounds of URL encoding (Sugargoo double-encodes); the text as is when it is not encoded. */
function decoded(value: string): string {
  let text = value;
  for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(text); i++) {
    try {
      text = decodeURIComponent(text);
    } catch {
      break;
    }
  }
  return text;
}

/** The query parameters of the URL and of a `#/route?query` fragment, by lower-cased name (first wins). */
function paramsOf(url: URL): Map<string, string> {
  const out = new Map<string, string>();
  const add = (params: URLSearchParams) => {
    for (const [name, value] of params) if (!out.has(name.toLowerCase())) out.set(name.toLowerCase(), value);
  };
  add(url.searchParams);
  const hashQuery = url.hash.indexOf('?');
  if (hashQuery >= 0) add(new URLSearchParams(url.hash.slice(hashQuery + 1)));
  return out;
}

/** Path forms: /product/<platform>/<id>, /item-micro-<id>.html, /item-1688-<id>.html, /item-<id>.html, /agent/taobao/<id>.html. */
function fromPath(path: string, agent: Agent): { platform: Platform; id: string } | null {
  const css = /\/item-(?:(micro|1688)-)?(\d{1,20})\.html?$/i.exec(path);
  if (css) return { platform: css[1] ? (css[1].toLowerCase() === 'micro' ? 'weidian' : '1688') : 'taobao', id: css[2]! };
  const segment = /\/(?:product|products\/agent|goods)\/([a-z0-9_]+)\/(\d{1,20})(?:\.html?)?\/?$/i.exec(path);
  if (segment) {
    const platform = platformOf(segment[1], agent);
    if (platform) return { platform, id: segment[2]! };
  }
  return null;
}

/** Reads an agent's URL: a wrapped marketplace link, or the platform and item id. Null when the host is no agent we know. */
export function readAgentLink(url: URL): AgentLinkReading | null {
  const agent = agentOf(url.hostname);
  if (!agent) return null;
  const params = paramsOf(url);
  for (const name of LINK_PARAMS) {
    const value = params.get(name);
    if (value && /^(https?:\/\/|\/\/|[a-z0-9.-]+\.(com|hk|cn)\/)/i.test(decoded(value))) {
      return { source: agent.source, platform: null, platformItemId: null, wrapped: decoded(value) };
    }
  }
  const id = ID_PARAMS.map((n) => digits(params.get(n))).find((v) => v !== null) ?? null;
  const platform = PLATFORM_PARAMS.map((n) => platformOf(params.get(n), agent)).find((p) => p !== null) ?? null;
  if (id && platform) return { source: agent.source, platform, platformItemId: id, wrapped: null };
  const path = fromPath(url.pathname, agent) ?? (url.hash ? fromPath(url.hash.replace(/^#/, '').split('?')[0]!, agent) : null);
  if (path) return { source: agent.source, platform: path.platform, platformItemId: path.id, wrapped: null };
  return { source: agent.source, platform: null, platformItemId: null, wrapped: null };
}
