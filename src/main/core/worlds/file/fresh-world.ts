import type { CoreContext } from '../../context.js';
import { seedDemoData, seedReferenceData } from '../../seed/demo-data.js';

/**
 * What a world made from a world file starts with (worlds.md section 1): the reference data (catalog,
 * countries, channels, coupons, the account) and nothing else, or the demo data when the file says
 * `"demo": true`. For a core opened `empty` on a new folder (which holds the account, countries and channels).
 */
export function seedWorldFileStart(ctx: CoreContext, demo: boolean): void {
  ctx.db.transaction(() => (demo ? seedDemoData(ctx) : seedReferenceData(ctx))).immediate();
}
