import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

export interface Migration {
  version: number;
  name: string;
  up: string;
  /** Work SQL text alone cannot do (read the schema, then change it), run after `up` in the same transaction. */
  run?: (db: Db) => void;
}

/** A database a newer crossbuy has migrated: this build would misread it, so it is never opened. */
export class SchemaTooNew extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(`database schema version ${found} is newer than this build supports (${known})`);
    this.name = 'SchemaTooNew';
  }
}

/**
 * Applies every migration newer than the database's `user_version`, each in its own transaction together
 * with the version bump, so a crash leaves the database at a whole version. Forward only: a database newer
 * than this build is refused rather than touched.
 */
export function migrate(db: Db, list: readonly Migration[] = migrations): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = list.reduce((max, m) => Math.max(max, m.version), 0);
  if (current > latest) throw new SchemaTooNew(current, latest);
  for (const migration of [...list].sort((a, b) => a.version - b.version)) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.up);
      migration.run?.(db);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
  return latest;
}
