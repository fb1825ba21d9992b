import type { ApiKeyInfo } from './types';

export type KeyStatus = 'active' | 'revoked' | 'expired';

/** Revoked wins over expired. Expiry is wall time (docs/API.md), so `now` is the machine's clock. */
export function keyStatus(key: Pick<ApiKeyInfo, 'revokedAt' | 'expiresAt'>, now: Date): KeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && Date.parse(key.expiresAt) <= now.getTime()) return 'expired';
  return 'active';
}

/** An allowlist typed one per line or comma separated: trimmed, blanks and duplicates dropped. */
export function parseIpList(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;]+/)) {
    const entry = part.trim();
    if (entry) seen.add(entry);
  }
  return [...seen];
}

/** Rough shape check before the service's own (exact) one: IPv4 or IPv6, optionally /prefix. */
export function looksLikeIpEntry(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return false;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) {
    return address.split('.').every((octet) => Number(octet) <= 255) && (prefix === undefined || Number(prefix) <= 32);
  }
  return address.includes(':') && /^[0-9a-fA-F:.]+$/.test(address) && (prefix === undefined || Number(prefix) <= 128);
}
