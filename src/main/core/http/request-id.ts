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
  return typeof sent === 'string' && SANE_ID.test(sent) ? sent : randomUUID();
}
