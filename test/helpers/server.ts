import { writeScenarioRates } from '../../src/main/core/orders/scenarios.js';
import { writeFigures } from '../../src/main/core/warehouse/figures.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey } from '../../src/main/core/auth/api-keys.js';
import { SCOPES, type Scope } from '../../src/main/core/auth/scopes.js';
import { startServer, type RunningServer, type ServeOptions } from '../../src/main/headless/serve.js';

/**
 * A real server on an ephemeral port over a fresh data dir, and a small client for it. Tests talk HTTP to
 * it exactly as scripts do.
 */
export interface TestServer {
  running: RunningServer;
  dataDir: string;
  baseUrl: string;
  /** A key with every scope. */
  key: string;
  makeKey(scopes?: readonly Scope[], extra?: { rateLimit?: number; allowedIps?: string[]; expiresAt?: string }): string;
  api(method: string, path: string, options?: RequestOptions): Promise<ApiResponse>;
  admin(method: string, path: string, body?: unknown): Promise<ApiResponse>;
  close(): Promise<void>;
}

export interface RequestOptions {
  key?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  /** Send this raw text as the body instead of JSON. */
  raw?: string;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
}

export async function request(baseUrl: string, method: string, path: string, options: RequestOptions & { bearer?: string | null } = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(baseUrl + path, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

export async function startTestServer(
  options: { empty?: boolean; referenceData?: boolean; uiDir?: string | null; worlds?: ServeOptions['worlds']; applyFile?: ServeOptions['applyFile']; seed?: number; frozen?: boolean; clockStart?: string } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'crossbuy-test-'));
  const running = await startServer({
    dataDir,
    port: 0,
    empty: options.empty,
    referenceData: options.referenceData,
    uiDir: options.uiDir ?? null,
    sessionToken: 'test-session-token',
    worlds: options.worlds,
    applyFile: options.applyFile,
    seed: options.seed,
    frozen: options.frozen,
    clockStart: options.clockStart,
  });
  const makeKey: TestServer['makeKey'] = (scopes = SCOPES, extra = {}) =>
    createApiKey(running.core.ctx, { name: 'test', scopes: [...scopes], rateLimit: extra.rateLimit ?? 100_000, allowedIps: extra.allowedIps, expiresAt: extra.expiresAt }).key;
  const key = makeKey();
  // The autopilot's after-sales scenarios (v1.1) stay off in tests unless a test turns them on: a test
  // that walks the happy path must not meet a random supplement.
  writeScenarioRates(running.core.ctx.db, { price_increase: 0, price_decrease: 0, domestic_freight: 0, qc_issue: 0, seller_delay: 0 });
  // v1.2 section 10: packing adds nothing in tests unless a test says so, so a dispatch captures the fee
  // quoted (a test of packed weight sets its own figures).
  writeFigures(running.core.ctx, { packingMinBp: 0, packingMaxBp: 0 });
  const apiBase = `${running.origin}/api/v1/open`;
  const adminBase = `${running.origin}/api/v1/admin`;
  return {
    running,
    dataDir,
    baseUrl: apiBase,
    key,
    makeKey,
    api: (method, path, opts = {}) => request(apiBase, method, path, { ...opts, bearer: opts.key === undefined ? key : opts.key }),
    admin: (method, path, body) => request(adminBase, method, path, { body, bearer: running.core.adminToken }),
    async close() {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Row counts of every table: "nothing was written" means this did not change. */
export function tableCounts(server: TestServer): Record<string, number> {
  const db = server.running.core.ctx.db;
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'products_fts%'`)
    .all() as { name: string }[];
  return Object.fromEntries(tables.map(({ name }) => [name, (db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n]));
}

/** A snapshot of the whole database's content, for the strictest "nothing changed" checks. */
export function snapshot(server: TestServer, tables: readonly string[]): string {
  const db = server.running.core.ctx.db;
  return JSON.stringify(tables.map((t) => db.prepare(`SELECT * FROM "${t}" ORDER BY rowid`).all()));
}
