import { REQUEST_LOG_BODY_BYTES } from '../../../contract/admin/requests.js';

/**
 * What the request log may keep of a body or query string: secrets masked, at most a few KB. Pure but for
 * the list of this server's own tokens, set once when the log's thread starts.
 *
 * Every secret the app issues is masked, wherever it appears (a body, a query string), when the entry is
 * written: API keys (`sk-`), webhook signing secrets (`whsec_`) and the admin token (`adm-`) by their
 * prefix; the UI's session token, which has none, by its value (`maskIssuedSecrets`). The Authorization
 * header and cookies are never handed to the log. No word boundary is required before a prefix (a key
 * glued to other text is still a key): masking a word that only looks like one is harmless.
 */
const PREFIXES = ['sk-', 'whsec_', 'adm-'] as const;
const SECRET = new RegExp(`(${PREFIXES.join('|')})[A-Za-z0-9_-]{6,}`, 'g');
/** Characters kept beyond the limit before masking, so a key cut at the edge is still recognised. */
const MARGIN = 128;
/** A text body of at most this many characters is handed on whole, as it is (no copy, no count). */
export const WHOLE_TEXT_CHARS = REQUEST_LOG_BODY_BYTES + MARGIN;

/** Tokens without a prefix of their own, masked by value (the UI session token of this server). */
let issued: readonly string[] = [];

/** Tells the masking the secrets of this server that no pattern recognises (shorter than 16: ignored). */
export function maskIssuedSecrets(secrets: readonly string[]): void {
  issued = secrets.filter((s) => s.length >= 16);
}

export function maskSecrets(text: string): string {
  // Most bodies hold no secret: a few substring searches are far cheaper than the global replace.
  let masked = PREFIXES.some((p) => text.includes(p)) ? text.replace(SECRET, (_, prefix: string) => `${prefix}****`) : text;
  for (const secret of issued) if (masked.includes(secret)) masked = masked.replaceAll(secret, '****');
  return masked;
}

/** The head of a body, as the server thread hands it on: bounded work and copying whatever its size. */
export interface ClippedBody {
  head: string;
  /**
   * The whole body's size in bytes; null when `head` is the whole text, whose size the log's thread
   * counts (the server thread's time is the read path's).
   */
  bytes: number | null;
  /** Whether `head` is the whole body. */
  whole: boolean;
}

export function clipBody(body: string | Buffer | null | undefined, limit = REQUEST_LOG_BODY_BYTES): ClippedBody | null {
  if (body === null || body === undefined || body.length === 0) return null;
  if (typeof body === 'string') {
    return body.length <= limit + MARGIN ? { head: body, bytes: null, whole: true } : { head: body.slice(0, limit + MARGIN), bytes: Buffer.byteLength(body), whole: false };
  }
  return { head: body.subarray(0, limit + MARGIN).toString('utf8'), bytes: body.length, whole: body.length <= limit + MARGIN };
}

export interface KeptBody {
  text: string | null;
  bytes: number;
  truncated: boolean;
}

/** The body as the log keeps it: masked, then cut to `limit` bytes of UTF-8 on a character boundary. */
export function keepBody(body: ClippedBody | null, limit = REQUEST_LOG_BODY_BYTES): KeptBody {
  if (body === null) return { text: null, bytes: 0, truncated: false };
  const bytes = body.bytes ?? Buffer.byteLength(body.head);
  const masked = maskSecrets(body.head);
  // A UTF-16 unit is at most 3 bytes of UTF-8: a short whole body needs no encoding to know it fits.
  if (body.whole && masked.length * 3 <= limit) return { text: masked, bytes, truncated: false };
  const encoded = Buffer.from(masked);
  if (body.whole && encoded.length <= limit) return { text: masked, bytes, truncated: false };
  return { text: cutUtf8(encoded, limit), bytes, truncated: true };
}

/** The first `limit` bytes, never ending inside a multi-byte character. */
function cutUtf8(encoded: Buffer, limit: number): string {
  let end = Math.min(limit, encoded.length);
  // A continuation byte (10xxxxxx) at `end` means a character starts before it: back off to its start.
  while (end > 0 && end < encoded.length && (encoded[end]! & 0xc0) === 0x80) end--;
  return encoded.subarray(0, end).toString('utf8');
}
