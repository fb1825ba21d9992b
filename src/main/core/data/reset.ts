import type { CoreContext } from '../context.js';
import { seedDemoData } from '../seed/demo-data.js';

/**
 * Back to a first start's demo data, keeping what belongs to the installation rather than to the demo:
 * API keys, webhook endpoints, settings, the operator's account and reference data (countries, channels).
 * The ledger's append-only triggers are lifted for this one transaction and put back as they were.
 */
const BUSINESS_TABLES = [
  'webhook_attempts',
  'webhook_deliveries',
  'events',
  'idempotency_keys',
  'shipping_events',
  'shipping_order_items',
  'shipping_supplements',
  'shipping_orders',
  // warehouse services and rehearsals (migration 008), before the packages they name
  'package_services',
  'rehearsal_packages',
  'rehearsals',
  'packages',
  // after-sales (migration 007), before the orders and lines they name
  'order_returns',
  'order_supplements',
  'order_photo_requests',
  'order_logistics_events',
  'order_timeline',
  'order_items',
  'user_coupons',
  'orders',
  'coupons',
  'favorites',
  'addresses',
  'cart_items',
  'wallet_holds',
  // top-ups (migration 023), before the ledger entries they name
  'wallet_top_ups',
  'wallet_entries',
  'product_skus',
  'products',
  // kept beside the tables above (migration 005): emptied with them
  'due_steps',
  'order_ranks',
  'order_rank_blocks',
  'wallet_entry_ranks',
];

export function resetDemoData(ctx: CoreContext): { message: string } {
  ctx.db
    .transaction(() => {
      const triggers = ctx.db
        .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'wallet_entries'`)
        .all() as { name: string; sql: string }[];
      for (const t of triggers) ctx.db.exec(`DROP TRIGGER "${t.name}"`);
      for (const table of BUSINESS_TABLES) ctx.db.exec(`DELETE FROM "${table}"`);
      ctx.db.exec(`INSERT INTO products_fts(products_fts) VALUES ('rebuild')`);
      for (const t of triggers) ctx.db.exec(t.sql);
      ctx.db.prepare('UPDATE wallets SET balance_minor = 0, frozen_minor = 0').run();
      seedDemoData(ctx);
    })
    .immediate();
  return { message: 'Demo data restored: a fresh catalog, coupons and a 10,000.00 deposit. Keys, webhooks and settings were kept.' };
}
