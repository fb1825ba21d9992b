import { ApiError } from '../shared/errors.js';

/**
 * Bodies are JSON in UTF-8 (RFC 8259). A body declared in another charset (utf-16, latin1) would be read
 * as UTF-8 and mean something else than the client sent: refused with 415 rather than guessed at.
 */
export function checkCharset(contentType: string | undefined): ApiError | null {
  if (!contentType) return null;
  const match = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType);
  if (!match) return null;
  const charset = match[1]!.toLowerCase();
  return charset === 'utf-8' || charset === 'utf8' ? null : new ApiError(415, 'Request body must be UTF-8 JSON (charset=utf-8)');
}
