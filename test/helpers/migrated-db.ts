import Database from 'better-sqlite3';
import type { Db } from '../../src/main/core/db/database.js';
import { migrate } from '../../src/main/core/db/migrate.js';
import { migrations } from '../../src/main/core/db/migrations/index.js';

/** An in-memory database with foreign keys on, migrated up to `version` (an older build's schema, for upgrade tests). */
export function databaseAtVersion(version: number): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db as unknown as Db, migrations.filter((m) => m.version <= version));
  return db;
}

/** Runs every migration still missing: what the current build does to an older folder at its first start. */
export function migrateToCurrent(db: Database.Database): void {
  migrate(db as unknown as Db, migrations);
}
