import { ApiError } from '../shared/errors.js';

const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * DNS-rebinding defence: a page on evil.example that resolves its name to 127.0.0.1 still sends
 * "Host: evil.example". Only loopback names (any port) are served.
 */
export function checkHost(host: string | undefined, extraNames: readonly string[] = []): void {
  if (!host) throw new ApiError(403, 'Host header is required');
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  const lower = name.toLowerCase();
  if (LOCAL_NAMES.has(lower) || lower.endsWith('.localhost') || extraNames.includes(lower)) return;
  throw new ApiError(403, `Host ${name} is not allowed: this server answers only on localhost`);
}
