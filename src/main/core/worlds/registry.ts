import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { databaseFile } from '../data-dir.js';
import type { Db } from '../db/database.js';
import { inTransaction } from '../db/database.js';
import { dataVersion } from '../db/data-version.js';
import { worldDir } from './files.js';
import { snapshotRows, worldRows, type RawWorld, type SnapshotRow } from './rows.js';
import { isWorldId } from './world-id.js';

/** One registered world as the registry keeps it (the default world has no row). */
export interface WorldRow {
  seq: number;
  id: string;
  name: string;
  seed: number;
  frozen: boolean;
  state: 'creating' | 'ready';
  createdAt: string;
  lastUsedAt: string;
  ttlMs: number | null;
  expiresAt: string | null;
}

export type { SnapshotRow } from './rows.js';

const toRow = (r: RawWorld): WorldRow => ({
  seq: r.seq,
  id: r.id,
  name: r.name,
  seed: r.seed,
  frozen: r.frozen === 1,
  state: r.state,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  ttlMs: r.ttl_ms,
  expiresAt: r.expires_at,
});

const expiryOf = (lastUsedMs: number, ttlMs: number | null) => (ttlMs === null ? null : new Date(lastUsedMs + ttlMs).toISOString());

/**
 * The registry of worlds and of their keys' hashes, in the default world's database (migrations 028, 029).
 * Every lookup is one indexed read; the key -> world map is cached and dropped whenever this process
 * writes the registry or another process (the CLI) commits to the database (`PRAGMA data_version`).
 */
export class WorldRegistry {
  private keyCache = new Map<string, string | null>();
  private cacheVersion = -1;
  private generation = 0;
  private cacheGeneration = -1;
  private counted: number | null = null;
  private countVersion = -1;

  constructor(readonly db: Db) {}

  private changed(): void {
    this.generation++;
    this.counted = null;
  }

  /** The world a key hash belongs to, or null (a default world key, or no key at all). */
  worldOfKey(hash: string): string | null {
    const version = dataVersion(this.db);
    if (version !== this.cacheVersion || this.generation !== this.cacheGeneration) {
      this.keyCache = new Map();
      this.cacheVersion = version;
      this.cacheGeneration = this.generation;
      this.counted = null;
    }
    let world = this.keyCache.get(hash);
    if (world === undefined) {
      const row = this.db.prepare('SELECT world_id FROM world_keys WHERE hash = ?').get(hash) as { world_id: string } | undefined;
      world = row?.world_id ?? null;
      if (this.keyCache.size > 10_000) this.keyCache.clear();
      this.keyCache.set(hash, world);
    }
    return world;
  }

  /** How many worlds are registered (the default world not counted); kept until the registry changes. */
  count(): number {
    // Read on every open API request (no world registered: no key lookup at all), so kept until this
    // process writes the registry or another commits to the database.
    const version = dataVersion(this.db);
    if (this.counted === null || version !== this.countVersion) {
      this.counted = (this.db.prepare('SELECT COUNT(*) AS n FROM worlds').get() as { n: number }).n;
      this.countVersion = version;
    }
    return this.counted;
  }

  get(id: string): WorldRow | null {
    const row = worldRows.one(this.db.prepare('SELECT * FROM worlds WHERE id = ?').get(id));
    return row ? toRow(row) : null;
  }

  /**
   * Registers a world: being made (state 'creating': a restart after a crash removes it), or whole at
   * once with its keys and first snapshot, in one transaction.
   */
  insert(
    world: { id: string; name: string; seed: number; frozen: boolean; ttlMs: number | null },
    now: Date,
    state: 'creating' | 'ready' = 'creating',
    keyHashes: readonly string[] = [],
    initial: SnapshotRow | null = null,
  ): void {
    inTransaction(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO worlds (id, name, seed, frozen, state, created_at, last_used_at, ttl_ms, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(world.id, world.name, world.seed, world.frozen ? 1 : 0, state, now.toISOString(), now.toISOString(), world.ttlMs, expiryOf(now.getTime(), world.ttlMs));
      if (keyHashes.length > 0) this.setKeys(world.id, keyHashes);
      if (initial) this.addSnapshot(world.id, initial);
    });
    this.changed();
  }

  /** A world is whole: its keys, its first snapshot and its state 'ready', in one transaction (one fsync). */
  markReady(id: string, keyHashes: readonly string[], initial: SnapshotRow): void {
    inTransaction(this.db, () => {
      this.setKeys(id, keyHashes);
      this.addSnapshot(id, initial);
      this.db.prepare(`UPDATE worlds SET state = 'ready' WHERE id = ?`).run(id);
    });
  }

  /** Removes the world's row, its keys and its snapshots' rows (ON DELETE CASCADE). */
  remove(id: string): boolean {
    const removed = inTransaction(this.db, () => this.db.prepare('DELETE FROM worlds WHERE id = ?').run(id).changes > 0);
    this.changed();
    return removed;
  }

  /** Puts the world's key hashes as they are in its database now (after a create, a reset, a fork). */
  setKeys(worldId: string, hashes: readonly string[]): void {
    inTransaction(this.db, () => {
      this.db.prepare('DELETE FROM world_keys WHERE world_id = ?').run(worldId);
      const insert = this.db.prepare('INSERT OR REPLACE INTO world_keys (hash, world_id) VALUES (?, ?)');
      for (const hash of hashes) insert.run(hash, worldId);
    });
    this.changed();
  }

  /** Whether the registry maps exactly these hashes to the world. */
  hasExactlyKeys(worldId: string, hashes: readonly string[]): boolean {
    const known = this.db.prepare('SELECT hash FROM world_keys WHERE world_id = ?').pluck().all(worldId) as string[];
    const wanted = new Set(hashes);
    return known.length === wanted.size && known.every((h) => wanted.has(h));
  }

  addKey(worldId: string, hash: string): void {
    inTransaction(this.db, () => this.db.prepare('INSERT OR REPLACE INTO world_keys (hash, world_id) VALUES (?, ?)').run(hash, worldId));
    this.changed();
  }

  keyCount(worldId: string): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM world_keys WHERE world_id = ?').get(worldId) as { n: number }).n;
  }

  /** Records a request's use: moves the expiry (last use + ttl). */
  touch(id: string, ttlMs: number | null, nowMs: number): void {
    inTransaction(this.db, () =>
      this.db.prepare('UPDATE worlds SET last_used_at = ?, expires_at = ? WHERE id = ?').run(new Date(nowMs).toISOString(), expiryOf(nowMs, ttlMs), id),
    );
  }

  /** A page of worlds in creation order, after the world `startingAfter` (one index range read). */
  page(limit: number, startingAfter: string | null): WorldRow[] | null {
    let after = 0;
    if (startingAfter !== null) {
      const row = this.db.prepare('SELECT seq FROM worlds WHERE id = ?').get(startingAfter) as { seq: number } | undefined;
      if (!row) return null;
      after = row.seq;
    }
    return worldRows.all(this.db.prepare('SELECT * FROM worlds WHERE seq > ? ORDER BY seq LIMIT ?').all(after, limit)).map(toRow);
  }

  /** Up to `limit` worlds whose ttl ran out by `nowIso` (the expiry index, nothing else read). */
  expired(nowIso: string, limit: number): string[] {
    return (this.db.prepare('SELECT id FROM worlds WHERE expires_at <= ? ORDER BY expires_at LIMIT ?').all(nowIso, limit) as { id: string }[]).map((r) => r.id);
  }

  /** Worlds a crash left half made. */
  unfinished(): string[] {
    return (this.db.prepare(`SELECT id FROM worlds WHERE state = 'creating'`).all() as { id: string }[]).map((r) => r.id);
  }

  /** Every registered id, in pages (a start's folder check, doctor): constant memory. */
  *ids(pageSize = 500): Generator<string> {
    let after = 0;
    for (;;) {
      const rows = this.db.prepare('SELECT seq, id FROM worlds WHERE seq > ? ORDER BY seq LIMIT ?').all(after, pageSize) as { seq: number; id: string }[];
      for (const row of rows) yield row.id;
      if (rows.length < pageSize) return;
      after = rows[rows.length - 1]!.seq;
    }
  }

  /** When a closed, unfrozen world next owes an autopilot step (wall time), or null. */
  setNextDue(id: string, wallIso: string | null): void {
    inTransaction(this.db, () => this.db.prepare('UPDATE worlds SET next_due_at = ? WHERE id = ?').run(wallIso, id));
  }

  /** Closed worlds whose next step fell due by `nowIso` (the next-due index). */
  due(nowIso: string, limit: number): string[] {
    return (this.db.prepare('SELECT id FROM worlds WHERE next_due_at <= ? ORDER BY next_due_at LIMIT ?').all(nowIso, limit) as { id: string }[]).map((r) => r.id);
  }

  addSnapshot(worldId: string, snapshot: SnapshotRow): void {
    inTransaction(this.db, () =>
      this.db
        .prepare('INSERT INTO world_snapshots (world_id, id, name, clock, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(worldId, snapshot.id, snapshot.name, snapshot.clock, snapshot.createdAt),
    );
  }

  snapshots(worldId: string): SnapshotRow[] {
    return snapshotRows.all(this.db.prepare('SELECT id, name, clock, created_at AS createdAt FROM world_snapshots WHERE world_id = ? ORDER BY seq').all(worldId));
  }

  snapshot(worldId: string, id: string): SnapshotRow | null {
    return snapshotRows.one(this.db.prepare('SELECT id, name, clock, created_at AS createdAt FROM world_snapshots WHERE world_id = ? AND id = ?').get(worldId, id)) ?? null;
  }

  /** A world's snapshots with this name (at most a few: the caller needs to know only whether one or more). */
  snapshotsNamed(worldId: string, name: string): SnapshotRow[] {
    return snapshotRows.all(
      this.db.prepare('SELECT id, name, clock, created_at AS createdAt FROM world_snapshots WHERE world_id = ? AND name = ? ORDER BY seq LIMIT 5').all(worldId, name),
    );
  }

  template(hash: string): { steps: unknown[] } | null {
    const row = this.db.prepare('SELECT steps FROM world_templates WHERE hash = ?').get(hash) as { steps: string } | undefined;
    return row ? { steps: JSON.parse(row.steps) as unknown[] } : null;
  }

  addTemplate(hash: string, steps: unknown[], now: Date): void {
    inTransaction(this.db, () =>
      this.db.prepare('INSERT OR REPLACE INTO world_templates (hash, steps, created_at) VALUES (?, ?, ?)').run(hash, JSON.stringify(steps), now.toISOString()),
    );
  }
}

// ---- world folders and the registry ------------------------------------------------------------------

/**
 * A file in a world's folder while the world is being made (create, fork): a folder without a registry row
 * is removed at a start only when it holds this file or no database, i.e. when it is provably half made.
 */
export const MAKING_MARKER = '.making';

/**
 * Whether an entry of the worlds folder that has no registry row is half made (a start removes it): not a
 * world id, still marked as being made, or without a database. Otherwise it is a whole world folder, which
 * a start registers again (Worlds.recover) and never deletes. The doctor words its finding the same way.
 */
export function unregisteredFolderIsHalfMade(dataDir: string, entry: string): boolean {
  return !worldHasDatabase(dataDir, entry) || existsSync(join(worldDir(dataDir, entry), MAKING_MARKER));
}

// ---- the registry across a restore of the default world's database ---------------------------------

interface LiveWorld {
  seq: number;
  id: string;
  state: string;
  [column: string]: unknown;
}

/** The registry as it is before a restore replaces the default world's tables (read in the restore's transaction). */
export interface LiveRegistry {
  worlds: LiveWorld[];
  keys: { hash: string; world_id: string }[];
  snapshots: { world_id: string; id: string; name: string; clock: string; created_at: string }[];
  templates: { hash: string; steps: string; created_at: string }[];
}

export function readLiveRegistry(db: Db): LiveRegistry {
  return {
    worlds: db.prepare('SELECT * FROM main.worlds ORDER BY seq').all() as LiveWorld[],
    keys: db.prepare('SELECT hash, world_id FROM main.world_keys').all() as LiveRegistry['keys'],
    snapshots: db.prepare('SELECT world_id, id, name, clock, created_at FROM main.world_snapshots ORDER BY seq').all() as LiveRegistry['snapshots'],
    templates: db.prepare('SELECT hash, steps, created_at FROM main.world_templates').all() as LiveRegistry['templates'],
  };
}

/** Whether a world's folder holds its database (what a registered world must have). */
export function worldHasDatabase(dataDir: string, id: string): boolean {
  return isWorldId(id) && existsSync(databaseFile(worldDir(dataDir, id)));
}

/**
 * After a restore copied the backup's tables in (the caller's transaction, triggers lifted): the registry
 * made true to the world folders, which the restore did not touch. Each world registered now whose folder
 * holds its database (or that this process is making: state 'creating') keeps its row, keys and snapshots
 * as they are now, over the backup's. A world the backup registers whose database is gone (deleted since
 * the backup) is dropped, and returned. A world the backup registers whose folder exists stays. Templates
 * (a cache of files in worlds/.templates) are the union of both. Returns the dropped ids.
 */
export function keepWorldRegistry(db: Db, dataDir: string, live: LiveRegistry): string[] {
  const kept = new Set(live.worlds.filter((w) => w.state === 'creating' || worldHasDatabase(dataDir, w.id)).map((w) => w.id));
  const unregister = (id: string) => {
    db.prepare('DELETE FROM main.world_keys WHERE world_id = ?').run(id);
    db.prepare('DELETE FROM main.world_snapshots WHERE world_id = ?').run(id);
    db.prepare('DELETE FROM main.worlds WHERE id = ?').run(id);
  };
  const columns = (db.prepare(`SELECT name FROM pragma_table_info('worlds', 'main')`).pluck().all() as string[]).filter((c) => c !== 'seq');
  const insertWorld = db.prepare(
    `INSERT INTO main.worlds (seq, ${columns.map((c) => `"${c}"`).join(', ')}) VALUES (?, ${columns.map(() => '?').join(', ')})`,
  );
  const seqTaken = db.prepare('SELECT 1 FROM main.worlds WHERE seq = ?').pluck();
  for (const world of live.worlds) {
    if (!kept.has(world.id)) continue;
    unregister(world.id);
    // Its place in the list is kept unless a world of the backup holds that number (then it goes last).
    insertWorld.run(seqTaken.get(world.seq) === undefined ? world.seq : null, ...columns.map((c) => world[c] ?? null));
  }
  const insertKey = db.prepare('INSERT OR REPLACE INTO main.world_keys (hash, world_id) VALUES (?, ?)');
  for (const key of live.keys) if (kept.has(key.world_id)) insertKey.run(key.hash, key.world_id);
  const insertSnapshot = db.prepare('INSERT INTO main.world_snapshots (world_id, id, name, clock, created_at) VALUES (?, ?, ?, ?, ?)');
  for (const s of live.snapshots) if (kept.has(s.world_id)) insertSnapshot.run(s.world_id, s.id, s.name, s.clock, s.created_at);
  const insertTemplate = db.prepare('INSERT OR IGNORE INTO main.world_templates (hash, steps, created_at) VALUES (?, ?, ?)');
  for (const t of live.templates) insertTemplate.run(t.hash, t.steps, t.created_at);
  const dropped: string[] = [];
  for (const id of db.prepare('SELECT id FROM main.worlds ORDER BY seq').pluck().all() as string[]) {
    if (kept.has(id) || worldHasDatabase(dataDir, id)) continue;
    unregister(id);
    dropped.push(id);
  }
  return dropped;
}
