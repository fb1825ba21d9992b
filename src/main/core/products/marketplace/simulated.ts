import { hashText, seededRandom } from '../../shared/random.js';
import {
  PLATFORMS,
  type MarketplaceAdapter,
  type MarketplaceItem,
  type MarketplaceSearchOptions,
  type MarketplaceSearchResult,
  type MarketplaceSku,
  type Platform,
} from './adapter.js';
import { ADJECTIVES, CATEGORIES, SHOP_NAMES, SHOP_WORDS } from './vocabulary.js';

/**
 * An offline marketplace: a fixed universe of generated items per platform, the same on every machine and
 * every run. An item's id encodes its index, so `getItem` needs no storage.
 */
export const ITEMS_PER_PLATFORM = 1200;

const ID_BASE: Record<Platform, number> = { taobao: 650_000_000_000, '1688': 710_000_000_000, weidian: 4_300_000_000 };
const ID_STRIDE = 7919;
const SHOP_URL: Record<Platform, (shopId: number) => string> = {
  taobao: (id) => `https://shop${id}.taobao.com`,
  '1688': (id) => `https://shop${id}.1688.com`,
  weidian: (id) => `https://weidian.com/?userid=${id}`,
};
/** 1688 is wholesale: lower unit prices. */
const PRICE_FACTOR: Record<Platform, number> = { taobao: 1, '1688': 0.6, weidian: 1.15 };

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const between = (rand: () => number, [lo, hi]: readonly [number, number]) => Math.round(lo + rand() * (hi - lo));

export function platformItemId(platform: Platform, index: number): string {
  return String(ID_BASE[platform] + index * ID_STRIDE);
}

export function indexOfItemId(platform: Platform, id: string): number | null {
  if (!/^\d{1,15}$/.test(id)) return null;
  const offset = Number(id) - ID_BASE[platform];
  if (offset < 0 || offset % ID_STRIDE !== 0) return null;
  const index = offset / ID_STRIDE;
  return index < ITEMS_PER_PLATFORM ? index : null;
}

export function generateItem(platform: Platform, index: number): MarketplaceItem {
  const rand = seededRandom(hashText(`${platform}:${index}`));
  const category = pick(rand, CATEGORIES);
  const noun = pick(rand, category.nouns);
  const adjective = pick(rand, ADJECTIVES);
  const shopId = 100_000 + Math.floor(rand() * 900_000);
  const shopName = `${pick(rand, SHOP_NAMES)} ${pick(rand, SHOP_WORDS)}`;
  const basePrice = Math.round((between(rand, category.nounPriceRanges?.[noun] ?? category.priceRange) * PRICE_FACTOR[platform]) / 10) * 10;
  const weightGrams = between(rand, category.weightRange);
  const id = platformItemId(platform, index);

  // Up to two variant dimensions, a few values of each, so an item has 1 to 12 SKUs.
  const dims = category.variants.map((v) => {
    const count = Math.min(v.values.length, 1 + Math.floor(rand() * (v.label === 'Size' ? 4 : 3)));
    const start = Math.floor(rand() * (v.values.length - count + 1));
    return { label: v.label, values: v.values.slice(start, start + count) };
  });
  const combos = dims.reduce<string[][]>((acc, d) => acc.flatMap((c) => d.values.map((v) => [...c, v])), [[]]);
  const skus: MarketplaceSku[] = combos.map((combo, i) => {
    const premium = combo.some((v) => v === 'Pro' || v === 'Deluxe' || v === 'Collector' || v === 'Large' || v === 'XXL');
    const priceMinor = premium ? Math.round((basePrice * 1.25) / 10) * 10 : basePrice;
    const soldOut = rand() < 0.06;
    return {
      skuId: `${id}-${i + 1}`,
      name: combo.length ? combo.join(' / ') : 'Default',
      priceMinor,
      stock: soldOut ? 0 : 5 + Math.floor(rand() * 500),
    };
  });
  const title = `${adjective} ${noun}`;
  return {
    platform,
    platformItemId: id,
    title,
    priceMinor: Math.min(...skus.map((s) => s.priceMinor)),
    shopName,
    shopUrl: SHOP_URL[platform](shopId),
    description: `${title} from ${shopName}. ${category.name}; about ${weightGrams} g per unit. Ships from the seller to the agent's warehouse in 2-5 days.`,
    weightGrams,
    cargoType: category.cargoType,
    sales: Math.floor(rand() * rand() * 20_000),
    category: category.name,
    imageCount: 2 + Math.floor(rand() * 3),
    skus,
  };
}

function tokens(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

export class SimulatedMarketplace implements MarketplaceAdapter {
  private universe: MarketplaceItem[] | null = null;

  constructor(readonly platform: Platform) {}

  private items(): MarketplaceItem[] {
    this.universe ??= Array.from({ length: ITEMS_PER_PLATFORM }, (_, i) => generateItem(this.platform, i));
    return this.universe;
  }

  /**
   * Every query word must prefix a word of the title, category or shop; best sellers first unless another
   * order is asked. "newest" is the latest listed (the highest item index). The filters apply before paging.
   */
  async search(query: string, page: number, limit: number, options: MarketplaceSearchOptions = {}): Promise<MarketplaceSearchResult> {
    const wanted = tokens(query);
    const { minPriceMinor = null, maxPriceMinor = null, inStock = false } = options;
    const listed = this.items().map((item, index) => ({ item, index }));
    const matches = listed.filter(({ item }) => {
      if (minPriceMinor !== null && item.priceMinor < minPriceMinor) return false;
      if (maxPriceMinor !== null && item.priceMinor > maxPriceMinor) return false;
      if (inStock && !item.skus.some((sku) => sku.stock > 0)) return false;
      if (wanted.length === 0) return true;
      const words = tokens(`${item.title} ${item.category} ${item.shopName}`);
      return wanted.every((w) => words.some((word) => word.startsWith(w)));
    });
    const bySales = (a: MarketplaceItem, b: MarketplaceItem) => b.sales - a.sales || a.platformItemId.localeCompare(b.platformItemId);
    const byId = (a: MarketplaceItem, b: MarketplaceItem) => a.platformItemId.localeCompare(b.platformItemId);
    switch (options.sort) {
      case 'price_asc':
        matches.sort((a, b) => a.item.priceMinor - b.item.priceMinor || byId(a.item, b.item));
        break;
      case 'price_desc':
        matches.sort((a, b) => b.item.priceMinor - a.item.priceMinor || byId(a.item, b.item));
        break;
      case 'newest':
        matches.sort((a, b) => b.index - a.index);
        break;
      default:
        matches.sort((a, b) => bySales(a.item, b.item));
    }
    return { items: matches.slice((page - 1) * limit, page * limit).map(({ item }) => item), total: matches.length };
  }

  async getItem(id: string): Promise<MarketplaceItem | null> {
    const index = indexOfItemId(this.platform, id);
    return index === null ? null : this.items()[index]!;
  }
}

export function simulatedMarketplaces(): MarketplaceAdapter[] {
  return PLATFORMS.map((p) => new SimulatedMarketplace(p));
}
