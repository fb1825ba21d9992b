/**
 * The seam between the core and a marketplace. The built-in adapter is an offline simulation; a real
 * online adapter implements the same interface and is registered in its place, with no change to the core.
 * Async because a real one goes over the network.
 */
import { PLATFORMS, type Platform } from '../../../../contract/enums.js';

export { PLATFORMS, type Platform };

export function isPlatform(value: string): value is Platform {
  return (PLATFORMS as readonly string[]).includes(value);
}

export type CargoType = 'general' | 'battery' | 'sensitive';

export interface MarketplaceSku {
  skuId: string;
  name: string;
  priceMinor: number;
  stock: number;
  image?: string;
}

/** A product as the marketplace describes it, before it has a local id. */
export interface MarketplaceItem {
  platform: Platform;
  platformItemId: string;
  title: string;
  /** Lowest SKU price, in minor units of the ledger currency. */
  priceMinor: number;
  shopName: string;
  shopUrl: string;
  description: string;
  /** Estimated unit weight in grams. */
  weightGrams: number;
  cargoType: CargoType;
  sales: number;
  category: string;
  /** How many pictures the item has (served by the local media route). */
  imageCount: number;
  skus: MarketplaceSku[];
}

export interface MarketplaceSearchResult {
  items: MarketplaceItem[];
  total: number;
}

/** A marketplace search's order and filters (prices in minor units, on the item's lowest SKU price). */
export interface MarketplaceSearchOptions {
  sort?: 'price_asc' | 'price_desc' | 'sales' | 'newest' | null;
  minPriceMinor?: number | null;
  maxPriceMinor?: number | null;
  inStock?: boolean;
}

export interface MarketplaceAdapter {
  readonly platform: Platform;
  search(query: string, page: number, limit: number, options?: MarketplaceSearchOptions): Promise<MarketplaceSearchResult>;
  getItem(platformItemId: string): Promise<MarketplaceItem | null>;
}

export interface MarketplaceRegistry {
  get(platform: Platform): MarketplaceAdapter;
}

export function registryOf(adapters: readonly MarketplaceAdapter[]): MarketplaceRegistry {
  const byPlatform = new Map(adapters.map((a) => [a.platform, a]));
  return {
    get(platform) {
      const adapter = byPlatform.get(platform);
      if (!adapter) throw new Error(`no marketplace adapter for ${platform}`);
      return adapter;
    },
  };
}
