import type { CoreContext } from '../context.js';
import { seedCoupons } from '../coupons/catalog.js';
import { seedCountries } from '../logistics/countries.js';
import { seedChannels } from '../logistics/channels.js';
import { seedLocalCatalog } from '../products/seed.js';
import { postEntry } from '../wallet/ledger.js';

export const DEMO_DEPOSIT_MINOR = 1_000_000; // 10,000.00 in the ledger currency
/** The demo deposit's ledger reference (a recording knows it as the world's, not the session's). */
export const DEMO_REFERENCE = 'DEMO';

/** What every installation has, even an --empty one: the operator's account and reference data. */
export function seedEssentials(ctx: CoreContext): void {
  ctx.db
    .prepare('INSERT INTO users (id, username, email, avatar, language, created_at) VALUES (1, ?, ?, ?, ?, ?)')
    .run('operator', 'operator@crossbuy.local', '', 'en', ctx.nowIso());
  ctx.db.prepare('INSERT INTO wallets (user_id, balance_minor, frozen_minor) VALUES (1, 0, 0)').run();
  seedCountries(ctx);
  seedChannels(ctx);
}

/** The reference data a world made from a world file starts with: the local catalog and the coupons (no money). */
export function seedReferenceData(ctx: CoreContext): void {
  seedLocalCatalog(ctx);
  seedCoupons(ctx);
}

/** Demo data for a first start: a funded wallet and the reference data. */
export function seedDemoData(ctx: CoreContext): void {
  postEntry(ctx, { userId: 1, type: 'deposit', amount: DEMO_DEPOSIT_MINOR, reference: DEMO_REFERENCE, description: 'Demo deposit' });
  seedReferenceData(ctx);
}
