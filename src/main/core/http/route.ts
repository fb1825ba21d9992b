import type { Static, TSchema } from 'typebox';
import type { Scope } from '../auth/scopes.js';
import type { CoreContext } from '../context.js';
import type { Worlds } from '../worlds/worlds.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who is calling: a key of the open API (its own scopes), or `admin`: the admin token or the operator's UI
 * session (desktop UI, headless UI session), both with every scope and the admin API. Nothing past
 * authentication tells those two apart, so they are one kind.
 */
export interface Caller {
  kind: 'key' | 'admin';
  userId: number;
  /** The API key id, or 0 for an admin caller (used to scope idempotency records). */
  keyId: number;
  scopes: readonly Scope[];
}

export interface RouteSchemas {
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  /** The schema of `data` in the success envelope. */
  response: TSchema;
}

type StaticOr<T, F> = T extends TSchema ? Static<T> : F;

export interface Call<S extends RouteSchemas> {
  ctx: CoreContext;
  caller: Caller;
  params: StaticOr<S['params'], Record<string, never>>;
  query: StaticOr<S['querystring'], Record<string, never>>;
  body: StaticOr<S['body'], undefined>;
  ip: string;
  /** The world the request reached (its `ctx`): `default`, or a world id (worlds.md section 1). */
  world?: string;
  /** Every world of the server (the worlds routes' registry). */
  worlds?: Worlds;
  /** The request's headers, lower-cased names (a few routes read one: Crossbuy-Scenario). */
  headers?: Readonly<Record<string, string | string[] | undefined>>;
}

/** A handler's answer when the status is not the route's default one. */
export interface WithStatus<T> {
  readonly statusOverride: number;
  readonly data: T;
  /** The stored answer of an earlier request with the same Idempotency-Key (a route of `idempotent: 'in-handler'`). */
  readonly replayed?: true;
}

export function withStatus<T>(status: number, data: T): WithStatus<T> {
  return { statusOverride: status, data };
}

/** An answer a route that honours Idempotency-Key itself found stored: sent with `Idempotent-Replayed: true`. */
export function replayedAnswer<T>(data: T): WithStatus<T> {
  return { statusOverride: 200, data, replayed: true };
}

export type HandlerResult<T> = T | WithStatus<T>;

/**
 * One route of the table. Both the HTTP server and the desktop IPC bridge serve exactly this list, so
 * validation, errors and results cannot drift between them.
 */
export interface RouteSpec<S extends RouteSchemas = RouteSchemas> {
  method: HttpMethod;
  /** Relative to the API prefix, in Fastify syntax: /orders/:id */
  url: string;
  /** The scope a key needs; admin routes leave it null and need the admin token or the operator. */
  scope: Scope | null;
  summary: string;
  tag: string;
  /** Default success status (200 unless said). */
  status?: number;
  schema: S;
  /**
   * Honour the Idempotency-Key header: the handler, its writes and the stored response commit in one
   * transaction, so a retry can never apply twice. `'in-handler'`: the handler honours it itself (an
   * asynchronous route, cart import: it fetches before it writes); documented and offered to assistants alike.
   */
  idempotent?: boolean | 'in-handler';
  /** Synchronous for idempotent routes (their work must fit in one SQLite transaction). */
  handler: (call: Call<S>) => HandlerResult<Static<S['response']>> | Promise<HandlerResult<Static<S['response']>>>;
}

/**
 * Whether a route only reads: a GET, or a POST under a read scope (the freight quotes, the v1.2 estimate
 * and previews: the body is the question). A key with only read scopes may call it, so it must write
 * nothing; the server serves it outside the group-commit batch (no write lock, no savepoint, no commit to
 * wait for) and the MCP tools mark it read-only.
 */
export function onlyReads(spec: Pick<RouteSpec, 'method' | 'scope'>): boolean {
  return spec.method === 'GET' || spec.scope?.endsWith(':read') === true;
}

/** Keeps each route's handler typed by its own schemas while the table holds them all. */
export function defineRoute<S extends RouteSchemas>(spec: RouteSpec<S>): RouteSpec {
  return spec as unknown as RouteSpec;
}
