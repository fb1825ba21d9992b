import { hash } from 'node:crypto';
import type { CoreContext } from '../context.js';
import { dataVersion } from '../db/data-version.js';
import { groupCommit } from '../db/group-commit.js';
import { ApiError } from '../shared/errors.js';
import { randomBase62 } from '../shared/random.js';
import { allowlistMatcher, parseAllowEntry } from './ip-allowlist.js';
import { keyRows, type KeyRow } from './rows.js';
import { normalizeScopes, type Scope, isScope } from './scopes.js';
import type { ApiKeyInfo } from '../../../contract/admin/keys.js';
import { longerThan } from '../shared/text.js';

export const KEY_PREFIX = 'sk-';
const KEY_RANDOM_LENGTH = 48;
const KEY_SHAPE = /^sk-[0-9A-Za-z]{40,}$/;
export const DEFAULT_RATE_LIMIT = 60;

export type { ApiKeyInfo };
export interface NewKeyInput {
  name: string;
  scopes: Scope[];
  userId?: number;
  rateLimit?: number;
  allowedIps?: string[];
  expiresAt?: string | null;
}

/**
 * Key lookups are cached per connection: hashing and reading the key row on every request was the largest
 * cost of a cheap read (measured ~11 us of ~70 us for GET /cart). The cache holds what a request needs
 * already parsed (scopes, allowlist matcher, expiry as a number, frozen), so a hit parses nothing. It is
 * dropped whenever `PRAGMA data_version` says another connection (the CLI) committed, and whenever this
 * module writes a key, so a revocation takes effect on the very next request either way. Keys are only
 * written here. Revocation, expiry, the allowlist and the rate limit are still checked on every request.
 */
interface CachedKey {
  info: ApiKeyInfo;
  revoked: boolean;
  /** Wall-clock ms of expiry, or null. */
  expiresAt: number | null;
  allows: (ip: string) => boolean;
}
interface KeyCache {
  dataVersion: number;
  generation: number;
  keys: Map<string, CachedKey | null>;
}
const keyCaches = new WeakMap<object, KeyCache>();
/** `lastUsedAt` of cached infos as wall-clock ms, parsed once (touchApiKey reads it on every request). */
const lastUsedMs = new WeakMap<ApiKeyInfo, number>();
let generation = 0;

/** Drops every connection's cached keys (a key written behind this module's back: a restore). */
export function forgetCachedKeys(): void {
  generation++;
}

function cachedKey(ctx: CoreContext, hash: string): CachedKey | null {
  const version = dataVersion(ctx.db);
  let cache = keyCaches.get(ctx.db);
  if (!cache || cache.dataVersion !== version || cache.generation !== generation) {
    cache = { dataVersion: version, generation, keys: new Map() };
    keyCaches.set(ctx.db, cache);
  }
  let key = cache.keys.get(hash);
  if (key === undefined) {
    const row = keyRows.one(ctx.db.prepare('SELECT * FROM api_keys WHERE hash = ?').get(hash));
    key = row ? toCachedKey(row) : null;
    if (cache.keys.size > 1000) cache.keys.clear();
    cache.keys.set(hash, key);
  }
  return key;
}

function toCachedKey(row: KeyRow): CachedKey {
  const info = toInfo(row);
  Object.freeze(info.scopes);
  Object.freeze(info.allowedIps);
  if (row.last_used_at) lastUsedMs.set(info, Date.parse(row.last_used_at));
  return {
    info: Object.freeze(info),
    revoked: row.revoked_at !== null,
    expiresAt: row.expires_at ? Date.parse(row.expires_at) : null,
    allows: allowlistMatcher(info.allowedIps),
  };
}

/** SHA-256 hex of a key (the one-shot `hash`: a third of createHash's cost on every request). */
export function hashKey(key: string): string {
  return hash('sha256', key, 'hex');
}

function toInfo(row: KeyRow): ApiKeyInfo {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    preview: `${row.prefix}...${row.last4}`,
    scopes: normalizeScopes(row.scopes.split(',').filter(isScope)),
    rateLimit: row.rate_limit,
    allowedIps: JSON.parse(row.allowed_ips) as string[],
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
    createdAt: row.created_at,
  };
}

const INVALID = () => new ApiError(401, 'Invalid API Key');

export function createApiKey(ctx: CoreContext, input: NewKeyInput): { key: string; info: ApiKeyInfo } {
  const name = input.name.trim();
  if (name.length < 1 || longerThan(name, 100)) throw new ApiError(400, 'name must be 1 to 100 characters');
  const scopes = normalizeScopes(input.scopes);
  if (scopes.length === 0) throw new ApiError(400, 'scopes must name at least one scope');
  const rateLimit = input.rateLimit ?? DEFAULT_RATE_LIMIT;
  if (!Number.isInteger(rateLimit) || rateLimit < 1 || rateLimit > 1_000_000) {
    throw new ApiError(400, 'rateLimit must be an integer from 1 to 1000000 requests per minute');
  }
  const allowedIps = (input.allowedIps ?? []).map((entry) => {
    const parsed = parseAllowEntry(entry);
    if (!parsed) throw new ApiError(400, `allowedIps: "${entry}" is not an IP address or CIDR range`);
    return parsed;
  });
  if (input.expiresAt && Number.isNaN(Date.parse(input.expiresAt))) {
    throw new ApiError(400, 'expiresAt must be an ISO 8601 timestamp');
  }
  const key = KEY_PREFIX + randomBase62(KEY_RANDOM_LENGTH);
  const now = ctx.nowIso();
  forgetCachedKeys();
  const result = ctx.db
    .prepare(
      `INSERT INTO api_keys (user_id, name, prefix, last4, hash, scopes, rate_limit, allowed_ips, expires_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      input.userId ?? 1,
      name,
      key.slice(0, 7),
      key.slice(-4),
      hashKey(key),
      scopes.join(','),
      rateLimit,
      JSON.stringify(allowedIps),
      input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
      now,
    );
  keyListeners.get(ctx.db)?.(hashKey(key));
  return { key, info: getApiKey(ctx, Number(result.lastInsertRowid))! };
}

const keyListeners = new WeakMap<object, (hash: string) => void>();

/**
 * Tells `listener` the hash of every key made on this database from now on: the worlds' registry maps
 * each key of a world to that world (core/worlds/), whichever route or command made it.
 */
export function onKeyCreated(db: CoreContext['db'], listener: ((hash: string) => void) | null): void {
  if (listener) keyListeners.set(db, listener);
  else keyListeners.delete(db);
}

/** The hashes of every key of this database (a world's keys, registered after a reset or a fork). */
export function allKeyHashes(ctx: CoreContext): string[] {
  return (ctx.db.prepare('SELECT hash FROM api_keys').all() as { hash: string }[]).map((r) => r.hash);
}

export function getApiKey(ctx: CoreContext, id: number): ApiKeyInfo | null {
  const row = keyRows.one(ctx.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(id));
  return row ? toInfo(row) : null;
}

export function listApiKeys(ctx: CoreContext): ApiKeyInfo[] {
  return keyRows.all(ctx.db.prepare('SELECT * FROM api_keys ORDER BY id').all()).map(toInfo);
}

export function revokeApiKey(ctx: CoreContext, id: number): ApiKeyInfo {
  const existing = getApiKey(ctx, id);
  if (!existing) throw new ApiError(404, `API key ${id} not found`);
  if (!existing.revokedAt) {
    ctx.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').run(ctx.nowIso(), id);
    forgetCachedKeys();
  }
  return getApiKey(ctx, id)!;
}

/**
 * Resolves a bearer key to its record: 401 for missing, malformed, unknown, revoked or expired keys,
 * 403 for a caller outside the key's IP allowlist. Lookup is by hash, so timing says nothing of the key.
 */
export function authenticate(ctx: CoreContext, authorization: string | undefined, ip: string, keyHash?: string | null): ApiKeyInfo {
  return authenticateKey(ctx, authorization, ip, keyHash).info;
}

/** `keyHash`: the hash of this header's key when the caller already made it (finding the key's world). */
function authenticateKey(ctx: CoreContext, authorization: string | undefined, ip: string, keyHash?: string | null): CachedKey {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const key = match?.[1];
  if (!key || !KEY_SHAPE.test(key)) throw INVALID();
  const cached = cachedKey(ctx, keyHash ?? hashKey(key));
  if (!cached || cached.revoked) throw INVALID();
  // Expiry is wall time, not the service clock: advancing a demo clock must not lock the operator out.
  if (cached.expiresAt !== null && cached.expiresAt <= Date.now()) throw INVALID();
  if (!cached.allows(ip)) {
    throw new ApiError(403, `IP address ${ip} is not allowed for this API key`);
  }
  return cached;
}

const TOUCH_EVERY_MS = 60_000;
/**
 * Records last use at most once a minute per key, so hot read paths do not write on every request. The
 * write joins the group commit's batch like any other (a GET of its own would otherwise pay a commit and
 * its fsync alone, on the server's thread, in the middle of a burst of reads).
 */
export function touchApiKey(ctx: CoreContext, info: ApiKeyInfo): void {
  const now = Date.now();
  const last = lastUsedMs.get(info) ?? (info.lastUsedAt ? Date.parse(info.lastUsedAt) : null);
  if (last !== null && now - last < TOUCH_EVERY_MS) return;
  groupCommit(ctx.db).run(() => ctx.db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(new Date(now).toISOString(), info.id));
  // The cached info keeps its old lastUsedAt (nothing on the request path reads it; the key list reads
  // the table): remembering the touch here is enough, and every other key stays cached.
  lastUsedMs.set(info, now);
}
