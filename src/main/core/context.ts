import type { Db } from './db/database.js';
import type { Clock } from './shared/clock.js';
import type { MarketplaceRegistry } from './products/marketplace/adapter.js';
import { clockAt } from './shared/service-clock.js';
import type { RandomStream } from './world/random-stream.js';

/**
 * What every domain module is handed: the database, the service clock, and the few installation facts
 * they need. Modules take this instead of importing singletons, so tests build one per case.
 */
export interface CoreContext {
  readonly db: Db;
  readonly clock: Clock;
  /** The world's seeded random stream: every made-up value of world data draws from it (world/random-stream.ts). */
  readonly random: RandomStream;
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

/**
 * The context a piece of work sees with the service clock stopped at `when`: an autopilot step at its due
 * time, or one order whose rows all carry the same instant (and which reads the clock once, not per row).
 */
export function contextAt(ctx: CoreContext, when: Date): CoreContext {
  const iso = when.toISOString();
  return { ...ctx, clock: clockAt(when), nowIso: () => iso };
}
