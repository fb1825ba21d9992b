import type { SearchSort } from '../../../contract/open/products.js';
import { badRequest } from '../shared/errors.js';
import type { Platform } from './marketplace/adapter.js';

/** A search's sort and filters, checked, with prices in minor units (docs/API.md "Search sort and filters"). */
export interface SearchFilters {
  sort: SearchSort | null;
  /** Inclusive bounds on the product's price (its lowest SKU price), in minor units. */
  minPriceMinor: number | null;
  maxPriceMinor: number | null;
  inStock: boolean;
  /** Local catalog only: one platform's products. */
  platform: Platform | null;
}

export const NO_FILTERS: SearchFilters = { sort: null, minPriceMinor: null, maxPriceMinor: null, inStock: false, platform: null };

/**
 * An amount to minor units for a bound: a lower bound rounds up and an upper bound down (a price filter
 * "at least 12.345" cannot match 12.34), and float noise (12.3 * 100 = 1230.0000000000002) is not a cent.
 */
function boundMinor(amount: number, direction: 'up' | 'down'): number {
  const scaled = amount * 100;
  const nearest = Math.round(scaled);
  if (Math.abs(scaled - nearest) < 1e-6) return nearest;
  return direction === 'up' ? Math.ceil(scaled) : Math.floor(scaled);
}

export interface FilterQuery {
  sort?: SearchSort;
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  platform?: Platform;
}

/** The query's filters (already schema-valid); 400 when the price range is empty. */
export function searchFiltersOf(query: FilterQuery): SearchFilters {
  const minPriceMinor = query.minPrice === undefined ? null : boundMinor(query.minPrice, 'up');
  const maxPriceMinor = query.maxPrice === undefined ? null : boundMinor(query.maxPrice, 'down');
  if (minPriceMinor !== null && maxPriceMinor !== null && minPriceMinor > maxPriceMinor) {
    throw badRequest('minPrice must not be greater than maxPrice');
  }
  return { sort: query.sort ?? null, minPriceMinor, maxPriceMinor, inStock: query.inStock ?? false, platform: query.platform ?? null };
}
