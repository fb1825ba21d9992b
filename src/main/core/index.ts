import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hashKey } from './auth/api-keys.js';
import type { CoreContext } from './context.js';
import { closeDatabase, openDatabase, type Db } from './db/database.js';
import { migrate } from './db/migrate.js';
import { adminTokenFile, databaseFile } from './data-dir.js';
import { registryOf, type MarketplaceRegistry } from './products/marketplace/adapter.js';
import { simulatedMarketplaces } from './products/marketplace/simulated.js';
import { seedDemoData, seedEssentials, seedReferenceData } from './seed/demo-data.js';
import { readSetting, writeSetting } from './settings/settings.js';
import type { Clock } from './shared/clock.js';
import { ServiceClock } from './shared/service-clock.js';
import { randomBase62 } from './shared/random.js';
import { checkWorldOptions, randomSeed, readWorldIdentity, writeWorldIdentity, type WorldIdentity } from './world/identity.js';
import { RandomStream } from './world/random-stream.js';
import { makePrivate, PRIVATE_FILE } from './shared/private-files.js';

export interface CoreOptions {
  /** Folder holding crossbuy.db and the admin token; ':memory:' for a throwaway core (tests). */
  dataDir: string;
  /** Skip demo data on first start (the operator's account and reference data are still made). */
  empty?: boolean;
  /**
   * With `empty`: the catalog and the coupons too (a world made from a world file starts with the reference
   * data: catalog, countries, channels, coupons, the account; worlds.md section 1).
   */
  referenceData?: boolean;
  /** A clock for tests; the default is the persisted service clock. */
  clock?: Clock;
  marketplaces?: MarketplaceRegistry;
  /**
   * What a new world is (worlds.md sections 1 and 3), fixed at its creation and kept in its database: a
   * reopened world keeps its own, whatever is passed. `seed` (0 .. 2^53-1) defaults to a random one;
   * `frozen` (default false) makes a clock that moves only when told; `clockStart` (ISO 8601, default now)
   * is where the clock starts.
   */
  seed?: number;
  frozen?: boolean;
  clockStart?: string;
}

export interface Core {
  readonly ctx: CoreContext;
  readonly dataDir: string;
  /** SHA-256 of the admin token. */
  readonly adminTokenHash: string;
  /** The admin token itself (kept in the data dir, readable only by the user). */
  readonly adminToken: string;
  /** Tells the core the address it is served at, so image URLs are absolute. */
  setPublicOrigin(origin: string): void;
  close(): void;
}

function loadAdminToken(db: Db, dataDir: string): string {
  const file = dataDir === ':memory:' ? null : adminTokenFile(dataDir);
  if (file && existsSync(file)) {
    const token = readFileSync(file, 'utf8').trim();
    if (hashKey(token) === readSetting(db, 'adminTokenHash')) return token;
  }
  const token = `adm-${randomBase62(40)}`;
  writeSetting(db, 'adminTokenHash', hashKey(token));
  if (file) {
    writeFileSync(file, `${token}\n`, { mode: PRIVATE_FILE });
    makePrivate(file);
  }
  return token;
}

const isFresh = (db: Db) => (db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n === 0;

/**
 * A database without data is a new world: its identity is fixed now from the options (before the clock is
 * built and anything is seeded); an existing one keeps the identity it has.
 */
function fixWorldIdentity(db: Db, options: CoreOptions): WorldIdentity {
  if (!isFresh(db)) return readWorldIdentity(db);
  checkWorldOptions(options);
  const identity: WorldIdentity = {
    seed: options.seed ?? randomSeed(),
    frozen: options.frozen ?? false,
    clockStart: new Date(options.clockStart ?? Date.now()).toISOString(),
  };
  db.transaction(() => {
    writeWorldIdentity(db, identity);
    // A frozen clock counts its offset from the clock start; an unfrozen one from wall time.
    const offset = identity.frozen || options.clockStart === undefined ? 0 : Date.parse(identity.clockStart) - Date.now();
    if (offset !== 0) writeSetting(db, 'clockOffsetMs', offset);
  }).immediate();
  return identity;
}

/** Opens (creating and seeding on first start) the service core on a data dir. No Electron anywhere. */
export function openCore(options: CoreOptions): Core {
  const db = openDatabase(options.dataDir === ':memory:' ? ':memory:' : databaseFile(options.dataDir));
  try {
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  let identity: WorldIdentity;
  try {
    identity = fixWorldIdentity(db, options);
  } catch (error) {
    db.close();
    throw error;
  }
  const clock = options.clock ?? (identity.frozen ? ServiceClock.frozenAt(db, identity.clockStart) : new ServiceClock(db));
  let origin = 'http://127.0.0.1:4680';
  const ctx: CoreContext = {
    db,
    clock,
    random: new RandomStream(db),
    currency: readSetting(db, 'currency'),
    dataDir: options.dataDir,
    marketplaces: options.marketplaces ?? registryOf(simulatedMarketplaces()),
    mediaUrl: (path) => (path.startsWith('/') ? origin + path : path),
    nowIso: () => clock.now().toISOString(),
  };
  if (isFresh(db)) {
    db.transaction(() => {
      writeSetting(db, 'currency', ctx.currency);
      seedEssentials(ctx);
      if (!options.empty) seedDemoData(ctx);
      else if (options.referenceData) seedReferenceData(ctx);
    }).immediate();
  }
  const adminToken = loadAdminToken(db, options.dataDir);
  return {
    ctx,
    dataDir: options.dataDir,
    adminToken,
    adminTokenHash: hashKey(adminToken),
    setPublicOrigin(value) {
      origin = value.replace(/\/$/, '');
    },
    close: () => closeDatabase(db),
  };
}
