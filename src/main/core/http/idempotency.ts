import { createHash } from 'node:crypto';
import type { CoreContext } from '../context.js';
import { ApiError } from '../shared/errors.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 255;
const KEY_PATTERN = '^[\\x21-\\x7e]+$';
const KEY_REGEXP = new RegExp(KEY_PATTERN);

/** The header's rule as JSON Schema: what the OpenAPI documents and the MCP tools' `idempotencyKey` say (the one rule parseIdempotencyKey applies). */
export const IDEMPOTENCY_KEY_SCHEMA = { type: 'string', minLength: 1, maxLength: MAX_KEY_LENGTH, pattern: KEY_PATTERN } as const;
const RETENTION_MS = 24 * 3_600_000;

export interface StoredResponse {
  statusCode: number;
  body: unknown;
}

/** Canonical JSON (sorted keys) so that the same body with keys in another order hashes the same. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${canonical(body ?? null)}`).digest('hex');
}

export function parseIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.length === 0 || value.length > MAX_KEY_LENGTH || !KEY_REGEXP.test(value)) {
    throw new ApiError(400, `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} visible ASCII characters`);
  }
  return value;
}

/**
 * Looks up an earlier response for (caller, key). Same request: the stored response. Another request
 * under the same key: 422. Must run inside the transaction that will also store the new response.
 */
export function findStored(
  ctx: CoreContext,
  keyId: number,
  idemKey: string,
  hash: string,
): StoredResponse | null {
  const row = ctx.db
    .prepare('SELECT body_hash, status_code, response, created_at FROM idempotency_keys WHERE api_key_id = ? AND idem_key = ?')
    .get(keyId, idemKey) as { body_hash: string; status_code: number; response: string; created_at: string } | undefined;
  if (!row) return null;
  if (Date.now() - Date.parse(row.created_at) > RETENTION_MS) {
    ctx.db.prepare('DELETE FROM idempotency_keys WHERE api_key_id = ? AND idem_key = ?').run(keyId, idemKey);
    return null;
  }
  if (row.body_hash !== hash) {
    throw new ApiError(422, 'Idempotency-Key was already used with a different request');
  }
  return { statusCode: row.status_code, body: JSON.parse(row.response) as unknown };
}

export function storeResponse(
  ctx: CoreContext,
  keyId: number,
  idemKey: string,
  method: string,
  path: string,
  hash: string,
  response: StoredResponse,
): void {
  // Retention is wall time: a demo clock jump must not make a client's retry apply twice.
  ctx.db
    .prepare(
      `INSERT INTO idempotency_keys (api_key_id, idem_key, method, path, body_hash, status_code, response, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(keyId, idemKey, method, path, hash, response.statusCode, JSON.stringify(response.body), new Date().toISOString());
}

export function pruneIdempotencyKeys(ctx: CoreContext): number {
  const cutoff = new Date(Date.now() - RETENTION_MS).toISOString();
  return ctx.db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?').run(cutoff).changes;
}
