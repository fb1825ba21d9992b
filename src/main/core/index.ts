import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hashKey } from './auth/api-keys.js';
import type { CoreContext } from './context.js';
import { closeDatabase, openDatabase, type Db } from './db/database.js';
import { migrate } from './db/migrate.js';
import { adminTokenFile, databaseFile } from './data-dir.js';
import { registryOf, type MarketplaceRegistry } from './products/marketplace/adapter.js';
import { simulatedMarketplaces } from './products/marketplace/simulated.js';
import { seedDemoData, seedEssentials } from './seed/demo-data.js';
import { readSetting, writeSetting } from './settings/settings.js';
import type { Clock } from './shared/clock.js';
import { ServiceClock } from './shared/service-clock.js';
import { randomBase62 } from './shared/random.js';

export interface CoreOptions {
  /** Folder holding crossbuy.db and the admin token; ':memory:' for a throwaway core (tests). */
  dataDir: string;
  /** Skip demo data on first start (the operator's account and reference data are still made). */
  empty?: boolean;
  /** A clock for tests; the default is the persisted service clock. */
  clock?: Clock;
  marketplaces?: MarketplaceRegistry;
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
    writeFileSync(file, `${token}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return token;
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
  const clock = options.clock ?? new ServiceClock(db);
  let origin = 'http://127.0.0.1:4680';
  const ctx: CoreContext = {
    db,
    clock,
    currency: readSetting(db, 'currency'),
    dataDir: options.dataDir,
    marketplaces: options.marketplaces ?? registryOf(simulatedMarketplaces()),
    mediaUrl: (path) => (path.startsWith('/') ? origin + path : path),
    nowIso: () => clock.now().toISOString(),
  };
  const fresh = (db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n === 0;
  if (fresh) {
    db.transaction(() => {
      writeSetting(db, 'currency', ctx.currency);
      seedEssentials(ctx);
      if (!options.empty) seedDemoData(ctx);
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
