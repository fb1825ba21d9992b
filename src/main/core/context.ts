import type { Db } from './db/database.js';
import type { Clock } from './shared/clock.js';
import type { MarketplaceRegistry } from './products/marketplace/adapter.js';

/**
 * What every domain module is handed: the database, the service clock, and the few installation facts
 * they need. Modules take this instead of importing singletons, so tests build one per case.
 */
export interface CoreContext {
  readonly db: Db;
  readonly clock: Clock;
  /** The ledger currency of this installation (fixed once the ledger has entries). */
  readonly currency: string;
  /** The data folder (':memory:' for a throwaway core). */
  readonly dataDir: string;
  readonly marketplaces: MarketplaceRegistry;
  /** Turns a service-relative media path (/media/...) into the absolute URL clients receive. */
  mediaUrl(path: string): string;
  /** ISO timestamp of the service clock now. */
  nowIso(): string;
}
