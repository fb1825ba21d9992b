import { describe, expect, it } from 'vitest';
import { keyStatus, looksLikeIpEntry, parseIpList } from './keyStatus';

const now = new Date('2026-03-01T12:00:00Z');

describe('key status', () => {
  it('is active without revocation or past expiry', () => {
    expect(keyStatus({ revokedAt: null, expiresAt: null }, now)).toBe('active');
    expect(keyStatus({ revokedAt: null, expiresAt: '2026-03-02T00:00:00Z' }, now)).toBe('active');
  });
  it('is expired from the expiry instant on, and revoked wins', () => {
    expect(keyStatus({ revokedAt: null, expiresAt: '2026-03-01T12:00:00Z' }, now)).toBe('expired');
    expect(keyStatus({ revokedAt: '2026-02-01T00:00:00Z', expiresAt: '2026-02-02T00:00:00Z' }, now)).toBe('revoked');
  });
});

describe('IP allowlist input', () => {
  it('splits on commas and newlines, trims, drops blanks and duplicates', () => {
    expect(parseIpList('127.0.0.1, 10.0.0.0/8\n\n  ::1 \r\n127.0.0.1,')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(parseIpList('   ')).toEqual([]);
  });
  it('recognises addresses and CIDR ranges', () => {
    for (const ok of ['127.0.0.1', '10.0.0.0/8', '192.168.1.0/24', '::1', 'fe80::/10']) expect(looksLikeIpEntry(ok)).toBe(true);
    for (const bad of ['localhost', '256.1.1.1', '10.0.0.0/33', '1.2.3', '1.2.3.4/8/9', '::1/129']) expect(looksLikeIpEntry(bad)).toBe(false);
  });
});
