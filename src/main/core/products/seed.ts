import type { CoreContext } from '../context.js';
import { upsertMarketplaceItem } from './catalog.js';
import { PLATFORMS } from './marketplace/adapter.js';
import { generateItem } from './marketplace/simulated.js';

export const LOCAL_CATALOG_PER_PLATFORM = 80;

/**
 * Raised whenever the simulated marketplaces generate different items (2: hoodies priced apart from
 * the rest of apparel). Part of every world template's key: a template kept by a build with another
 * catalog would otherwise be copied where applying the file now gives other prices.
 */
export const CATALOG_GENERATION = 2;

/**
 * The local catalog: a curated selection of each platform's items (the first ones of the simulated
 * marketplaces), so a product found locally and the same one found on its platform share one local id.
 */
export function seedLocalCatalog(ctx: CoreContext): void {
  for (let i = 0; i < LOCAL_CATALOG_PER_PLATFORM; i++) {
    for (const platform of PLATFORMS) upsertMarketplaceItem(ctx, generateItem(platform, i), 'local');
  }
}
