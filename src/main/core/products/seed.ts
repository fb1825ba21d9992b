import type { CoreContext } from '../context.js';
import { upsertMarketplaceItem } from './catalog.js';
import { PLATFORMS } from './marketplace/adapter.js';
import { generateItem } from './marketplace/simulated.js';

export const LOCAL_CATALOG_PER_PLATFORM = 80;

/**
 * The local catalog: a curated selection of each platform's items (the first ones of the simulated
 * marketplaces), so a product found locally and the same one found on its platform share one local id.
 */
export function seedLocalCatalog(ctx: CoreContext): void {
  for (let i = 0; i < LOCAL_CATALOG_PER_PLATFORM; i++) {
    for (const platform of PLATFORMS) upsertMarketplaceItem(ctx, generateItem(platform, i), 'local');
  }
}
