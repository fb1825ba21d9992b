import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, hashKey, touchApiKey } from '../auth/api-keys.js';
import type { RateLimiter } from '../auth/rate-limiter.js';
import { SCOPES, insufficientScopeMessage } from '../auth/scopes.js';
import type { CoreContext } from '../context.js';
import { ApiError } from '../shared/errors.js';
import type { Caller, RouteSpec } from './route.js';

export const SESSION_COOKIE = 'crossbuy_session';
/** Sent by the app's own UI with the session cookie: a custom header cannot be sent cross-site without CORS. */
export const UI_CLIENT_HEADER = 'x-crossbuy-client';

export interface CallerSecrets {
  /** The operator's session token (headless UI URL token, desktop IPC). */
  sessionToken: string;
  /** SHA-256 of the admin API token. */
  adminTokenHash: string;
}

/** Constant-time comparison of two secrets (the length alone may differ in time). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * One cookie's value, or undefined. A value that does not decode (`%`, a lone surrogate) is treated as
 * absent: cookies on 127.0.0.1 are shared by every local port, so any other local app can set one.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k !== name) continue;
    try {
      return decodeURIComponent(v.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The operator: the app's own UI session, an admin caller (every scope and the admin API). */
function operatorFrom(request: FastifyRequest, secrets: CallerSecrets, cookieOnly = false): Caller | null {
  const cookie = readCookie(request.headers.cookie, SESSION_COOKIE);
  if (!cookie || (!cookieOnly && request.headers[UI_CLIENT_HEADER] !== 'ui')) return null;
  if (!sameSecret(cookie, secrets.sessionToken)) return null;
  return { kind: 'admin', userId: 1, keyId: 0, scopes: SCOPES };
}

function setRateHeaders(reply: FastifyReply, limit: number, remaining: number, resetAt: number): void {
  reply.header('X-RateLimit-Limit', String(limit));
  reply.header('X-RateLimit-Remaining', String(remaining));
  reply.header('X-RateLimit-Reset', String(resetAt));
}

/**
 * Open API: an sk- key (401, 403 IP, 429, 403 scope, in that order) or the operator's UI session.
 * `cookieOnly` is for the event stream alone: EventSource cannot send the UI header, and a read-only GET
 * behind a SameSite=Strict cookie and no CORS cannot be driven or read by another site.
 */
export function resolveOpenCaller(
  ctx: CoreContext,
  limiter: RateLimiter,
  secrets: CallerSecrets,
  spec: Pick<RouteSpec, 'scope'>,
  request: FastifyRequest,
  reply: FastifyReply,
  cookieOnly = false,
  /** The key's hash, when finding its world already made it (world-resolution.ts). */
  keyHash: string | null = null,
): Caller {
  const operator = operatorFrom(request, secrets, cookieOnly);
  if (operator) return operator;
  const key = authenticate(ctx, request.headers.authorization, request.ip, keyHash);
  request.loggedKey = key;
  const decision = limiter.hit(key.id, key.rateLimit);
  setRateHeaders(reply, decision.limit, decision.remaining, decision.resetAt);
  if (!decision.allowed) {
    throw new ApiError(429, `Rate limit exceeded. Try again in ${decision.retryAfter}s`, {
      'Retry-After': String(decision.retryAfter),
    });
  }
  if (spec.scope && !key.scopes.includes(spec.scope)) {
    throw new ApiError(403, insufficientScopeMessage(spec.scope, key.scopes));
  }
  touchApiKey(ctx, key);
  return { kind: 'key', userId: key.userId, keyId: key.id, scopes: key.scopes };
}

/**
 * The admin OpenAPI document: as the admin API, or the operator's session cookie alone so the /docs page
 * (which cannot send the UI header) shows it. A read-only GET behind a SameSite=Strict cookie and no CORS
 * cannot be read by another site.
 */
export function resolveAdminDocCaller(secrets: CallerSecrets, request: FastifyRequest): Caller {
  return operatorFrom(request, secrets, true) ?? resolveAdminCaller(secrets, request);
}

/** Admin API: the admin token or the operator's UI session; an sk- key never gets in. */
export function resolveAdminCaller(secrets: CallerSecrets, request: FastifyRequest): Caller {
  const operator = operatorFrom(request, secrets);
  if (operator) return operator;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  const token = match?.[1];
  if (!token || !secrets.adminTokenHash || !sameSecret(hashKey(token), secrets.adminTokenHash)) {
    throw new ApiError(401, 'Invalid admin token');
  }
  return { kind: 'admin', userId: 1, keyId: 0, scopes: SCOPES };
}
