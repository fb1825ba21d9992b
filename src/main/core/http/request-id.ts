import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A client-sent id is kept when it is short and plain (no spaces, quotes or control characters). */
const SANE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/**
 * Every request's id, answered as X-Request-Id on every response of both APIs: the client's own when it
 * sent a sane one (so its logs and ours share it), else a fresh UUID.
 */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SANE_ID.test(sent) ? sent : timeOrderedUuid();
}

/**
 * A UUID version 7 (RFC 9562): the first 48 bits are the time in ms, the rest random. Ids made later
 * sort later, so a client (or the operator reading the request log) can order and bucket them by time
 * without another field, and any index kept on them grows at its end.
 */
export function timeOrderedUuid(nowMs = Date.now()): string {
  if (nowMs !== prefixMs) {
    const time = nowMs.toString(16).padStart(12, '0');
    prefix = `${time.slice(0, 8)}-${time.slice(8, 12)}-7`;
    prefixMs = nowMs;
  }
  // randomUUID is 8-4-4-4-12 hex with '4' at 14: keep its random bits from 15 on, version 7 before them.
  return prefix + randomUUID().slice(15);
}
/** The time part of the last id, made once per millisecond (ids are made per request). */
let prefixMs = -1;
let prefix = '';
