import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open as openFile, readdir, rm, stat } from 'node:fs/promises';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { allKeyHashes, createApiKey, hashKey } from '../auth/api-keys.js';
import { SCOPES } from '../auth/scopes.js';
import { currentPace } from '../autopilot/autopilot.js';
import { nextDueStepOfKinds } from '../autopilot/queue.js';
import { RULE_KINDS } from '../autopilot/steps/index.js';
import { databaseFile } from '../data-dir.js';
import { inTransaction } from '../db/database.js';
import type { Core } from '../index.js';
import { forgetWorldRequests, shareRequestLog } from '../requests/request-log.js';
import { randomSeed, readWorldIdentity, worldIdentity } from '../world/identity.js';
import { readSetting } from '../settings/settings.js';
import { ApiError, conflict, notFound } from '../shared/errors.js';
import { SchemaTooNew } from '../db/migrate.js';
import { PRIVATE_DIR } from '../shared/private-files.js';
import { DEFAULT_LIMIT, requireFirstPage } from '../shared/pagination.js';
import type { ApiKeyInfo } from '../../../contract/admin/keys.js';
import type { CreatedWorld, ForkWorldInput, NewWorldInput, WorldInfo, WorldListQuery, WorldPage, WorldSnapshot } from '../../../contract/admin/worlds.js';
import { backupTo, copyQuietDatabase, copyTemplate, keepTemplate, removeFolder, replaceDatabase, snapshotFile, syncFile, templateFile, worldDir, worldsRoot } from './files.js';
import { MAKING_MARKER, unregisteredFolderIsHalfMade, WorldRegistry, type WorldRow } from './registry.js';
import { WorldRuntime } from './runtime.js';
import type { WorldTarget } from './file/apply.js';
import { templateHash } from './template-key.js';
import { DEFAULT_WORLD, isWorldId, newWorldId, parseTtl } from './world-id.js';

/** The world-file engine's entry point (core/worlds/file/apply.ts), handed in: this module imports only its types. */
export type ApplyWorldFile = (target: WorldTarget, file: unknown, options: { vars?: Record<string, unknown>; baseDir?: string | null }) => Promise<{ steps: unknown[] }>;
export type Inject = WorldTarget['inject'];

export interface WorldsOptions {
  /** The data folder's own core: the default world, and the home of the registry. */
  defaultRuntime: WorldRuntime;
  dataDir: string;
  applyFile?: ApplyWorldFile | null;
  /** Most worlds open at once (idle ones past this are closed, least recently used first). */
  maxOpen?: number;
  /** A world unused this long is closed (its registry row stays). */
  idleCloseMs?: number;
  /** Most worlds per data folder, the default world included (the `maxWorlds` setting overrides it). */
  maxWorlds?: number;
  /** How often the background sweeps (expiry, idle close, due autopilot steps of closed worlds) run. */
  sweepMs?: number;
}

/**
 * What a world file says of the world it makes (worlds.md section 2): its seed and clock start (what the
 * request does not give), and whether it starts from the demo data. Read from its own fields only; the
 * engine checks the whole file (a bad one is its 400).
 */
function fileStart(file: unknown): { seed?: number; clockStart?: string; demo: boolean } {
  const fields = (typeof file === 'object' && file !== null ? file : {}) as Record<string, unknown>;
  const seed = fields.seed;
  const clockStart = fields.clockStart;
  return {
    seed: typeof seed === 'number' && Number.isSafeInteger(seed) && seed >= 0 ? seed : undefined,
    clockStart: typeof clockStart === 'string' && !Number.isNaN(Date.parse(clockStart)) ? clockStart : undefined,
    demo: fields.demo === true,
  };
}

/** A world being reset was asked for: a request waits for `done` and resolves its world again; elsewhere a 503. */
export class WorldResetting extends ApiError {
  constructor(
    id: string,
    readonly done: Promise<void>,
  ) {
    super(503, `World ${id} is being reset; try again in a moment`, { 'Retry-After': '1' });
  }
}

/** An sk- key's world, and the key's hash when finding the world computed it. */
export interface KeyWorld {
  world: WorldRuntime;
  keyHash: string | null;
}

const SK_BEARER = /^Bearer\s+(sk-\S+)\s*$/i;

export const DEFAULT_MAX_WORLDS = 10_000;
const DEFAULT_KEY_RATE_LIMIT = 6000;
const INITIAL_SNAPSHOT = 'initial';
export { MAKING_MARKER } from './registry.js';

/** What a start did with the worlds folder (recover()). */
export interface RecoverReport {
  /** Worlds half made (a crash while one was created or forked), and folders that are no world's: removed. */
  removed: string[];
  /** Whole world folders without a registry row (say, from an older restore): registered again, as they are. */
  registered: string[];
  /** Folders without a registry row holding a database that could not be registered: kept, untouched. */
  kept: { id: string; reason: string }[];
}

/** Makes a world's folder and marks it as being made (fsynced, so a database in it never outlives the mark unnoticed). */
async function startMaking(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  const marker = await openFile(join(dir, MAKING_MARKER), 'w', 0o600);
  try {
    await marker.datasync();
  } finally {
    await marker.close();
  }
}

/** What one sweep does at most: the rest waits for the next tick (never a long turn of the loop). */
const SWEEP_SLICE = 8;


/**
 * Many worlds in one server (worlds.md section 1). The default world is the data folder's own database;
 * every other lives in <data>/worlds/<id>/ with its own database, opened on use and closed when idle
 * (an LRU of open runtimes), so a world not in use costs only its registry row. The registry (in the
 * default world's database) maps each key's hash to its world, so resolving a request opens nothing else.
 */
export class Worlds {
  readonly registry: WorldRegistry;
  readonly default: WorldRuntime;
  private readonly open = new Map<string, WorldRuntime>();
  /** Ids being made or removed right now: taken for a create, unknown for requests. */
  private readonly busyIds = new Set<string>();
  /** Worlds being reset: requests wait for it (and then see the world as it was put back). */
  private readonly gates = new Map<string, Promise<void>>();
  /** Template hashes being written: of worlds made at once from one new file and seed, the first keeps it. */
  private readonly templatesBeingKept = new Set<string>();
  private inject: Inject | null = null;
  private origin: string | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping = false;

  constructor(private readonly options: WorldsOptions) {
    this.default = options.defaultRuntime;
    this.registry = new WorldRegistry(this.default.ctx.db);
  }

  get dataDir(): string {
    return this.options.dataDir;
  }

  private get core(): Core {
    return this.default.core;
  }

  /** How the server answers requests: a world file's steps run through it (`app.inject`). */
  bind(inject: Inject, origin: string | null): void {
    this.inject = inject;
    this.origin = origin;
  }

  setOrigin(origin: string): void {
    this.origin = origin;
  }

  /**
   * Puts the worlds folder and the registry in agreement after a crash or a restore: worlds half made (a
   * row 'creating', or a folder still marked as being made, or one without a database) are removed; a
   * whole world folder without a registry row is registered again as it is (its seed, clock and keys are
   * in its database), never deleted; one that cannot be read is kept and reported.
   */
  async recover(): Promise<RecoverReport> {
    const report: RecoverReport = { removed: [], registered: [], kept: [] };
    for (const id of this.registry.unfinished()) {
      await this.destroy(id);
      report.removed.push(id);
    }
    const root = worldsRoot(this.dataDir);
    if (!existsSync(root)) return report;
    for (const entry of await readdir(root)) {
      if (entry.startsWith('.')) continue;
      const dir = join(root, entry);
      const row = isWorldId(entry) ? this.registry.get(entry) : null;
      if (row) {
        // Made whole, but the crash came before the mark was taken off.
        await rm(join(dir, MAKING_MARKER), { force: true });
        continue;
      }
      if (unregisteredFolderIsHalfMade(this.dataDir, entry)) {
        await removeFolder(dir);
        report.removed.push(entry);
        continue;
      }
      try {
        await this.registerFolder(entry);
        report.registered.push(entry);
      } catch (error) {
        report.kept.push({ id: entry, reason: error instanceof Error ? error.message : String(error) });
      }
    }
    return report;
  }

  /**
   * Registers a whole world folder that has no registry row, from its database: its seed and frozen clock,
   * its keys (none may be another world's); named by its id, no ttl, no snapshot rows (its snapshot files
   * stay in the folder).
   */
  private async registerFolder(id: string): Promise<void> {
    const file = databaseFile(worldDir(this.dataDir, id));
    const db = new Database(file, { fileMustExist: true });
    let identity: { seed: number; frozen: boolean };
    let hashes: string[];
    try {
      identity = readWorldIdentity(db);
      hashes = db.prepare('SELECT hash FROM api_keys').pluck().all() as string[];
    } finally {
      db.close();
    }
    const taken = hashes.find((hash) => this.registry.worldOfKey(hash) !== null);
    if (taken !== undefined) throw new Error(`a key of its database is registered to world ${this.registry.worldOfKey(taken)}`);
    const createdAt = (await stat(file)).birthtime;
    this.registry.insert({ id, name: id, seed: identity.seed, frozen: identity.frozen, ttlMs: null }, Number.isNaN(createdAt.getTime()) || createdAt.getTime() === 0 ? new Date() : createdAt, 'ready', hashes);
  }

  // ---- resolving a request's world -------------------------------------------------------------

  /**
   * The world an `Authorization: Bearer sk-...` header's key belongs to (the default world when the key is
   * none of another's), with the key's hash when finding it took one: authentication reuses it, so a
   * request's key is hashed once. Null when the header carries no sk- key. With no world registered it
   * costs one pattern test and nothing else.
   */
  forKey(authorization: string | undefined): KeyWorld | null {
    if (authorization === undefined) return null;
    const match = SK_BEARER.exec(authorization);
    if (!match) return null;
    if (this.registry.count() === 0) return { world: this.default, keyHash: null };
    const keyHash = hashKey(match[1]!);
    const id = this.registry.worldOfKey(keyHash);
    return { world: (id !== null && this.runtime(id)) || this.default, keyHash };
  }

  /** The world a `Crossbuy-World` header names: absent or `default` is the default world; unknown is 404. */
  forHeader(value: string | string[] | undefined): WorldRuntime {
    const id = Array.isArray(value) ? value[0] : value;
    if (id === undefined || id === '' || id === DEFAULT_WORLD) return this.default;
    const runtime = this.runtime(id);
    // Coded: a page on a world deleted elsewhere tells this 404 from one about a thing inside the world.
    if (!runtime) throw notFound(`World ${id} not found`).withDetail({ code: 'world_not_found' });
    return runtime;
  }

  /** A reset under way on this world: a request waits for it, then resolves its world again. */
  gateOf(id: string): Promise<void> | undefined {
    return this.gates.get(id);
  }

  /**
   * The open runtime of a registered world, opening it if it was closed; null when there is none. A world
   * being reset is not opened (its database is being replaced): WorldResetting, which a request waits on.
   */
  runtime(id: string): WorldRuntime | null {
    const open = this.open.get(id);
    if (open) {
      // Map order is the LRU's: the last used at the end.
      this.open.delete(id);
      this.open.set(id, open);
      return open;
    }
    const gate = this.gates.get(id);
    if (gate) throw new WorldResetting(id, gate);
    if (this.busyIds.has(id) || !isWorldId(id)) return null;
    const row = this.registry.get(id);
    if (!row || row.state !== 'ready') return null;
    return this.openRuntime(row);
  }

  /** Opens a world's runtime; `serve` puts it in the LRU and starts it (a world being made does that when whole). */
  private openRuntime(row: Pick<WorldRow, 'id' | 'frozen' | 'seed' | 'ttlMs'> & { demo?: boolean; clockStart?: string }, serve = true): WorldRuntime {
    const runtime = openWorldRuntime(row.id, () =>
      WorldRuntime.open(row.id, worldDir(this.dataDir, row.id), {
        start: serve,
        frozen: row.frozen,
        seed: row.seed,
        demo: row.demo,
        clockStart: row.clockStart,
        origin: this.origin,
        ttlMs: row.ttlMs,
        onKey: (hash) => this.registry.addKey(row.id, hash),
      }),
    );
    if (!row.frozen) this.registry.setNextDue(row.id, null);
    // One request log for the server, each entry tagged with its world.
    shareRequestLog(this.default.ctx, runtime.ctx);
    if (serve) {
      this.open.set(row.id, runtime);
      this.evict();
    }
    return runtime;
  }

  /** Records a request's use of a world: the ttl counts from the last one. */
  touched(runtime: WorldRuntime): void {
    const ttlMs = runtime.ttlMs;
    if (ttlMs === null) return;
    const now = Date.now();
    if (now - runtime.touchedMs < Math.min(60_000, ttlMs / 10)) return;
    runtime.touchedMs = now;
    this.registry.touch(runtime.id, ttlMs, now);
  }

  private evict(): void {
    const max = this.options.maxOpen ?? 64;
    if (this.open.size <= max) return;
    for (const [id, runtime] of this.open) {
      if (this.open.size <= max) break;
      if (runtime.busy) continue;
      void this.closeRuntime(id, runtime);
    }
  }

  private async closeRuntime(id: string, runtime: WorldRuntime): Promise<void> {
    if (this.open.get(id) === runtime) this.open.delete(id);
    if (!runtime.frozen && !runtime.isClosed) this.registry.setNextDue(id, nextDueWall(runtime));
    this.keepLastUse(runtime);
    await runtime.close();
  }

  /** A world closing: its last request's time goes to the registry (touches are spaced, and none without a ttl). */
  private keepLastUse(runtime: WorldRuntime): void {
    if (runtime.usedMs === null || runtime.isClosed || runtime.usedMs <= runtime.touchedMs) return;
    this.registry.touch(runtime.id, runtime.ttlMs, runtime.usedMs);
  }

  /** When a world was last used: the registry's record, or its open runtime's later request. */
  private lastUsedAt(row: Pick<WorldRow, 'id' | 'lastUsedAt'>): string {
    const usedMs = this.open.get(row.id)?.usedMs ?? null;
    return usedMs === null || usedMs <= Date.parse(row.lastUsedAt) ? row.lastUsedAt : new Date(usedMs).toISOString();
  }

  get openCount(): number {
    return this.open.size;
  }

  // ---- the routes' work -------------------------------------------------------------------------

  /** The `maxWorlds` setting of the default world (PUT /admin/settings), under the hard cap. */
  private maxWorlds(): number {
    return Math.min(this.options.maxWorlds ?? DEFAULT_MAX_WORLDS, readSetting(this.default.ctx.db, 'maxWorlds'));
  }

  private claimId(id: string): void {
    if (id === DEFAULT_WORLD || this.busyIds.has(id) || this.registry.get(id)) throw conflict(`World ${id} already exists`);
    // The default world counts towards the limit.
    if (this.registry.count() + this.busyIds.size + 1 >= this.maxWorlds()) {
      throw conflict(`This data folder holds the most worlds it may (${this.maxWorlds()}, the default world included); delete one first`);
    }
    this.busyIds.add(id);
  }

  async create(input: NewWorldInput | null | undefined): Promise<CreatedWorld> {
    const body = input ?? {};
    const id = body.id ?? newWorldId();
    const ttlMs = body.ttl === undefined ? null : parseTtl(body.ttl);
    if (body.clockStart !== undefined && Number.isNaN(Date.parse(body.clockStart))) throw new ApiError(400, 'clockStart must be an ISO 8601 date-time');
    const hasFile = body.file !== undefined;
    if (hasFile && !this.options.applyFile) throw new ApiError(503, 'World files are not available in this build (the world-file engine is not wired in)');
    const start = hasFile ? fileStart(body.file) : null;
    const seed = body.seed ?? start?.seed ?? randomSeed();
    const frozen = body.frozen ?? (hasFile || body.seed !== undefined);
    const name = body.name ?? id;
    this.claimId(id);
    const world = { id, name, seed, frozen, ttlMs };
    const createdAt = new Date();
    try {
      // A world made from a file is registered while its steps run (its key must reach it); any other
      // only once whole. A crash meanwhile leaves a folder marked as being made (or a row 'creating'): recover() removes it.
      if (hasFile) this.registry.insert(world, createdAt);
      const dir = worldDir(this.dataDir, id);
      await removeFolder(dir);
      await startMaking(dir);
      // Only a pinned clock start (the request's or the file's) makes the result known: a template of a
      // world that started "now" would hand every later copy the clock of the first one's creation.
      const clockStart = body.clockStart ?? start?.clockStart;
      const hash = hasFile && clockStart !== undefined ? templateHash(body.file, seed, body.vars ?? null, { frozen, clockStart: body.clockStart ?? null }) : null;
      const template = hash === null ? null : this.registry.template(hash);
      const fromTemplate = template !== null && existsSync(templateFile(this.dataDir, hash!));
      // A kept template: its database (and its admin token, so opening it writes nothing) copied in.
      if (fromTemplate) await copyTemplate(templateFile(this.dataDir, hash!), dir);
      const runtime = this.openRuntime({ id, frozen, seed, ttlMs, demo: start === null || start.demo, clockStart }, false);
      // Nothing of a world being made needs to survive a power cut until it is whole (then it is
      // fsynced once, in finish()): its commits skip the fsync meanwhile.
      runtime.ctx.db.pragma('synchronous = OFF');
      try {
        const made = inTransaction(runtime.ctx.db, () => {
          // A template's keys are the template's: the new world gets a key of its own.
          if (fromTemplate) runtime.ctx.db.prepare('DELETE FROM api_keys').run();
          return createApiKey(runtime.ctx, { name: 'world key', scopes: [...SCOPES], rateLimit: body.keyRateLimit ?? DEFAULT_KEY_RATE_LIMIT });
        });
        let steps: unknown[] = [];
        if (fromTemplate) steps = template.steps;
        else if (hasFile) {
          // The file's steps go through the route table with the world's key and admin rights on it.
          this.registry.setKeys(id, allKeyHashes(runtime.ctx));
          this.open.set(id, runtime);
          runtime.start();
          steps = (await this.options.applyFile!(this.targetFor(id, made.key), body.file, { vars: body.vars, baseDir: null })).steps;
          this.open.delete(id);
          await runtime.whenIdle();
          if (hash !== null) await this.keepTemplate(hash, runtime, dir, steps);
        }
        return createdWorld(world, await this.finish(world, createdAt, hasFile, runtime), made, steps);
      } catch (error) {
        this.open.delete(id);
        await runtime.whenIdle();
        await runtime.close();
        throw error;
      }
    } catch (error) {
      await this.destroy(id);
      throw error;
    } finally {
      this.busyIds.delete(id);
    }
  }

  /**
   * Keeps a world just made from a file as its hash's template, unless another world of the same file and
   * seed keeps it (made at the same moment: a parallel test runner on a fresh folder) or has kept it: a
   * template is written once, so a copy never takes one world's database with another's admin token.
   */
  private async keepTemplate(hash: string, runtime: WorldRuntime, dir: string, steps: unknown[]): Promise<void> {
    const file = templateFile(this.dataDir, hash);
    if (this.templatesBeingKept.has(hash) || (this.registry.template(hash) !== null && existsSync(file))) return;
    this.templatesBeingKept.add(hash);
    try {
      await keepTemplate(runtime.ctx.db, dir, file);
      this.registry.addTemplate(hash, steps, new Date());
    } finally {
      this.templatesBeingKept.delete(hash);
    }
  }

  /**
   * A world made whole: its database fsynced (it was written without), its first snapshot kept, then
   * registered ready with its keys in one transaction, started and put in the LRU. Until that commit a
   * crash leaves nothing a restart keeps.
   */
  private async finish(world: { id: string; name: string; seed: number; frozen: boolean; ttlMs: number | null }, createdAt: Date, registered: boolean, runtime: WorldRuntime) {
    const dir = worldDir(this.dataDir, world.id);
    const clock = runtime.ctx.nowIso();
    const initial = snapshotFile(this.dataDir, world.id, INITIAL_SNAPSHOT);
    await copyQuietDatabase(runtime.ctx.db, databaseFile(dir), initial);
    await Promise.all([syncFile(databaseFile(dir)), syncFile(initial)]);
    runtime.ctx.db.pragma('synchronous = FULL');
    const snapshot = { id: INITIAL_SNAPSHOT, name: 'as created', clock, createdAt: new Date().toISOString() };
    if (!registered) this.registry.insert(world, createdAt, 'ready', allKeyHashes(runtime.ctx), snapshot);
    else this.registry.markReady(world.id, allKeyHashes(runtime.ctx), snapshot);
    // Registered whole: no longer half made (a crash before this line leaves a row 'ready', which a start keeps).
    await rm(join(dir, MAKING_MARKER), { force: true });
    this.open.set(world.id, runtime);
    runtime.start();
    this.evict();
    return { ...this.registry.get(world.id)!, clock };
  }

  private targetFor(id: string, key: string): WorldTarget {
    const inject = this.inject;
    if (!inject) throw new Error('the worlds service is not bound to a server');
    return { inject, openKey: key, adminHeaders: { authorization: `Bearer ${this.core.adminToken}`, 'crossbuy-world': id } };
  }

  /** Waits for a reset of the world under way (the registry's routes act on the world as it is put back). */
  private async settled(id: string): Promise<void> {
    for (let gate = this.gates.get(id); gate; gate = this.gates.get(id)) await gate;
  }

  private row(id: string): WorldRow {
    if (id === DEFAULT_WORLD) throw conflict('The default world is the data folder itself: use /admin/data for it');
    const row = this.busyIds.has(id) ? null : this.registry.get(id);
    if (!row || row.state !== 'ready') throw notFound(`World ${id} not found`);
    return row;
  }

  async describe(id: string): Promise<WorldInfo> {
    if (id === DEFAULT_WORLD) return this.describeDefault();
    await this.settled(id);
    const row = this.row(id);
    const runtime = this.runtime(id)!;
    return {
      id,
      name: row.name,
      seed: row.seed,
      frozen: row.frozen,
      clock: runtime.ctx.nowIso(),
      createdAt: row.createdAt,
      lastUsedAt: this.lastUsedAt(row),
      expiresAt: row.expiresAt,
      sizeBytes: await folderSize(worldDir(this.dataDir, id)),
      keyCount: this.registry.keyCount(id),
    };
  }

  private async describeDefault(): Promise<WorldInfo> {
    const ctx = this.default.ctx;
    const first = ctx.db.prepare('SELECT created_at FROM users ORDER BY id LIMIT 1').get() as { created_at: string } | undefined;
    const keys = (ctx.db.prepare('SELECT COUNT(*) AS n FROM api_keys').get() as { n: number }).n;
    const file = databaseFile(this.dataDir);
    const identity = worldIdentity(ctx);
    return {
      id: DEFAULT_WORLD,
      name: DEFAULT_WORLD,
      seed: identity.seed,
      frozen: identity.frozen,
      clock: ctx.nowIso(),
      createdAt: first?.created_at ?? ctx.nowIso(),
      lastUsedAt: new Date(this.default.lastUsedMs).toISOString(),
      expiresAt: null,
      sizeBytes: existsSync(file) ? (await stat(file)).size : 0,
      keyCount: keys,
    };
  }

  list(query: WorldListQuery): WorldPage {
    requireFirstPage(query.page, 'world', 'the last world id of the page');
    const limit = query.limit ?? DEFAULT_LIMIT;
    const rows = this.registry.page(limit, query.startingAfter ?? null);
    if (rows === null) throw new ApiError(400, `startingAfter: ${query.startingAfter} is not a world of this list`);
    return {
      items: rows.map((r) => ({ id: r.id, name: r.name, seed: r.seed, frozen: r.frozen, createdAt: r.createdAt, lastUsedAt: this.lastUsedAt(r), expiresAt: r.expiresAt })),
      total: this.registry.count(),
      page: 1,
      limit,
    };
  }

  async delete(id: string): Promise<void> {
    await this.settled(id);
    this.row(id);
    this.busyIds.add(id);
    try {
      await this.destroy(id);
    } finally {
      this.busyIds.delete(id);
    }
  }

  /** Unregisters a world (its keys are 401 from now on), lets its requests finish, closes and removes it. */
  private async destroy(id: string): Promise<void> {
    // Marked as not whole before its row goes: a crash between the two leaves a folder a start removes,
    // never a whole-looking one it would register again (a deleted world coming back, without its ttl).
    const dir = worldDir(this.dataDir, id);
    if (existsSync(dir)) await startMaking(dir);
    this.registry.remove(id);
    const runtime = this.open.get(id);
    if (runtime) {
      this.open.delete(id);
      runtime.endStreams();
      await runtime.whenIdle();
      await runtime.close();
    }
    forgetWorldRequests(this.default.ctx, id);
    await removeFolder(dir);
  }

  async snapshot(id: string, name: string | undefined): Promise<WorldSnapshot> {
    await this.settled(id);
    this.row(id);
    const runtime = this.runtime(id)!;
    runtime.pin();
    try {
      const snapshotId = `s_${randomBytes(6).toString('hex')}`;
      const clock = runtime.ctx.nowIso();
      await backupTo(runtime.ctx.db, snapshotFile(this.dataDir, id, snapshotId));
      const snapshot = { id: snapshotId, name: name ?? snapshotId, clock, createdAt: new Date().toISOString() };
      this.registry.addSnapshot(id, snapshot);
      return snapshot;
    } finally {
      runtime.unpin();
    }
  }

  /** The one snapshot of a world with this name (a name given at snapshot time); 409 when several have it. */
  private snapshotNamed(id: string, name: string): { id: string } | null {
    const named = this.registry.snapshotsNamed(id, name);
    if (named.length > 1) throw conflict(`Several snapshots of world ${id} are named ${JSON.stringify(name)}: give one's id (${named.map((s) => s.id).join(', ')})`);
    return named[0] ?? null;
  }

  snapshots(id: string): WorldSnapshot[] {
    this.row(id);
    return this.registry.snapshots(id);
  }

  /**
   * Puts a world back as it was at a snapshot (default: as created), keys included. New requests wait;
   * those in flight finish first; its event streams end (clients reconnect to the world as it is now).
   */
  async reset(id: string, snapshotId: string | undefined): Promise<WorldInfo> {
    const row = this.row(id);
    const wanted = snapshotId ?? INITIAL_SNAPSHOT;
    const snapshot = this.registry.snapshot(id, wanted) ?? this.snapshotNamed(id, wanted);
    const file = snapshot && snapshotFile(this.dataDir, id, snapshot.id);
    if (!file || !existsSync(file)) {
      throw notFound(`Snapshot ${JSON.stringify(wanted)} of world ${id} not found: give a snapshot's id or its name, as GET /admin/worlds/${id}/snapshots lists them`);
    }
    if (this.gates.has(id)) throw conflict(`World ${id} is being reset already`);
    let release!: () => void;
    this.gates.set(id, new Promise<void>((resolve) => (release = resolve)));
    try {
      const runtime = this.open.get(id);
      if (runtime) {
        this.open.delete(id);
        runtime.endStreams();
        await runtime.whenIdle();
        this.keepLastUse(runtime);
        await runtime.close({ discard: true });
      }
      await replaceDatabase(worldDir(this.dataDir, id), file);
      const reopened = this.openRuntime(row);
      // The keys as they were at the snapshot (rewritten only when they differ from the registry's).
      const hashes = allKeyHashes(reopened.ctx);
      if (!this.registry.hasExactlyKeys(id, hashes)) this.registry.setKeys(id, hashes);
    } finally {
      this.gates.delete(id);
      release();
    }
    return this.describe(id);
  }

  /** A new world, a copy of this one as it is now (random stream included), with a key of its own. */
  async fork(sourceId: string, input: ForkWorldInput | null | undefined): Promise<CreatedWorld> {
    await this.settled(sourceId);
    const source = sourceId === DEFAULT_WORLD ? null : this.row(sourceId);
    const sourceRuntime = source ? this.runtime(sourceId)! : this.default;
    const id = input?.id ?? newWorldId();
    const name = input?.name ?? id;
    // The copy's identity is the source's (its world_state travels with the database): the default
    // world's included.
    const { seed, frozen } = worldIdentity(sourceRuntime.ctx);
    this.claimId(id);
    try {
      const world = { id, name, seed, frozen, ttlMs: source?.ttlMs ?? null };
      const createdAt = new Date();
      const dir = worldDir(this.dataDir, id);
      await removeFolder(dir);
      await startMaking(dir);
      sourceRuntime.pin();
      try {
        // SQLite's online backup: consistent while the source goes on serving requests.
        await backupTo(sourceRuntime.ctx.db, databaseFile(dir));
      } finally {
        sourceRuntime.unpin();
      }
      const runtime = this.openRuntime({ id, frozen, seed, ttlMs: world.ttlMs }, false);
      runtime.ctx.db.pragma('synchronous = OFF');
      try {
        // The source's keys stay the source's: a key belongs to exactly one world.
        const made = inTransaction(runtime.ctx.db, () => {
          runtime.ctx.db.prepare('DELETE FROM api_keys').run();
          return createApiKey(runtime.ctx, { name: 'world key', scopes: [...SCOPES], rateLimit: DEFAULT_KEY_RATE_LIMIT });
        });
        return createdWorld(world, await this.finish(world, createdAt, false, runtime), made, []);
      } catch (error) {
        await runtime.close();
        throw error;
      }
    } catch (error) {
      await this.destroy(id);
      throw error;
    } finally {
      this.busyIds.delete(id);
    }
  }

  // ---- background work ----------------------------------------------------------------------------

  /** The sweeps: expired worlds removed, idle ones closed, closed unfrozen worlds opened when a step falls due. */
  start(): void {
    if (this.sweepTimer) return;
    this.sweepTimer = setInterval(() => void this.sweep(), this.options.sweepMs ?? 1000);
    this.sweepTimer.unref();
  }

  /** One slice of each sweep (at most SWEEP_SLICE worlds each): never a long turn of the event loop. */
  async sweep(now = Date.now()): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const nowIso = new Date(now).toISOString();
      for (const id of this.registry.expired(nowIso, SWEEP_SLICE)) {
        if (this.busyIds.has(id)) continue;
        const runtime = this.open.get(id);
        const row = this.registry.get(id);
        // Used since the registry was last told (touches are spaced): not expired after all.
        // (Opening a world, to describe it or run its autopilot, is no use.)
        if (runtime?.usedMs != null && row?.ttlMs && runtime.usedMs + row.ttlMs > now) {
          runtime.touchedMs = now;
          this.registry.touch(id, row.ttlMs, runtime.usedMs);
          continue;
        }
        if (runtime?.busy) continue;
        this.busyIds.add(id);
        try {
          await this.destroy(id);
        } finally {
          this.busyIds.delete(id);
        }
      }
      const idleMs = this.options.idleCloseMs ?? 60_000;
      let closed = 0;
      for (const [id, runtime] of [...this.open]) {
        if (closed >= SWEEP_SLICE) break;
        if (runtime.busy || now - runtime.lastUsedMs < idleMs) continue;
        await this.closeRuntime(id, runtime);
        closed++;
      }
      for (const id of this.registry.due(nowIso, SWEEP_SLICE)) {
        if (this.gates.has(id)) continue;
        if (this.open.has(id)) {
          this.registry.setNextDue(id, null);
          continue;
        }
        try {
          this.runtime(id);
        } catch (error) {
          // A world this server cannot open (a newer crossbuy migrated it) is not woken every sweep; a
          // request to it says why.
          this.registry.setNextDue(id, null);
          process.stderr.write(`crossbuy: world ${id} was not woken for its due steps: ${error instanceof Error ? error.message : String(error)}\n`);
        }
      }
    } finally {
      this.sweeping = false;
    }
  }

  /** Stops the sweeps and closes every open world (the default world is the server's to close). */
  async stop(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    for (const [id, runtime] of [...this.open]) await this.closeRuntime(id, runtime);
  }
}

/**
 * Opens a world's runtime, a database migrated by a newer crossbuy (a newer CLI beside this server) refused
 * in words a client can act on (409 `world_schema_newer`) rather than as an internal error.
 */
function openWorldRuntime(id: string, open: () => WorldRuntime): WorldRuntime {
  try {
    return open();
  } catch (error) {
    if (!(error instanceof SchemaTooNew)) throw error;
    throw new ApiError(
      409,
      `World ${id} was last opened by a newer crossbuy (its database is at schema ${error.found}; this server knows ${error.known}): serve it with that version`,
    ).withDetail({ code: 'world_schema_newer' });
  }
}

/** The answer to a create or a fork: the world as registered, and its new key (its secret shown this once). */
function createdWorld(
  world: { id: string; name: string; seed: number; frozen: boolean },
  row: { clock: string; createdAt: string; expiresAt: string | null },
  made: { key: string; info: ApiKeyInfo },
  steps: unknown[],
): CreatedWorld {
  const { id, name, seed, frozen } = world;
  return { id, name, seed, frozen, clock: row.clock, createdAt: row.createdAt, expiresAt: row.expiresAt, key: { id: made.info.id, secret: made.key, scopes: made.info.scopes }, steps };
}

/**
 * When an unfrozen world next owes a step, in wall time (its clock runs as wall time plus an offset). With
 * the autopilot off its staff steps wait, but the service's rules still fall due (a bank transfer arriving,
 * a supplement expiring: autopilot/runner.ts newRun), so a closed world is woken for those.
 */
function nextDueWall(runtime: WorldRuntime): string | null {
  const ctx = runtime.ctx;
  const pace = currentPace(ctx);
  let due: number | null;
  if (pace === 'off') {
    due = nextDueStepOfKinds(ctx.db, RULE_KINDS, Number.MAX_SAFE_INTEGER)?.due ?? null;
  } else {
    const column = pace === 'demo' ? 'due_demo' : 'due_realistic';
    const row = ctx.db.prepare(`SELECT ${column} AS due FROM due_steps ORDER BY ${column} LIMIT 1`).get() as { due: number | null } | undefined;
    // A row not planned yet (NULL) is planned by the runner the first time it sees it: open the world now.
    due = row ? (row.due ?? 0) : null;
  }
  if (due === null) return null;
  const wall = new Date(Math.max(Date.now(), Date.now() + (due - ctx.clock.now().getTime())));
  // A row parked out of reach (a kind this build does not know) is no time to wake for.
  return Number.isNaN(wall.getTime()) ? null : wall.toISOString();
}

async function folderSize(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    try {
      total += (await stat(join(entry.parentPath, entry.name))).size;
    } catch {
      // removed meanwhile
    }
  }
  return total;
}
