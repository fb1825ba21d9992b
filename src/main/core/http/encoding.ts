import { ApiError } from '../shared/errors.js';

/**
 * What a request's text must be before anything reads it: a query string of valid percent-encoding (as the
 * path already must be: Fastify refuses a malformed path) and a body of valid UTF-8 (RFC 8259). Read
 * leniently, `?q=%ZZ` or a body byte 0xFF reached the route as other text than the client sent (a search for
 * nothing, a remark of replacement characters).
 */

/** A query string with a stray `%`, `%ZZ` or escapes that are no UTF-8: 400. Only queries holding a `%` are decoded. */
export function checkQueryEncoding(url: string | undefined): void {
  const at = url === undefined ? -1 : url.indexOf('?');
  if (at < 0) return;
  const query = url!.slice(at + 1);
  if (!query.includes('%')) return;
  try {
    decodeURIComponent(query);
  } catch {
    throw new ApiError(400, 'The query string is malformed (invalid percent-encoding)');
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A body's bytes as text: 400 when they are not UTF-8 (TextDecoder also drops a leading byte-order mark). */
export function decodeBody(body: Buffer): string {
  try {
    return utf8.decode(body);
  } catch {
    throw new ApiError(400, 'Request body is not valid UTF-8');
  }
}
