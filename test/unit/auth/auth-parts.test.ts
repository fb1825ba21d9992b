import { describe, expect, it } from 'vitest';
import { isAllowed, parseAllowEntry } from '../../../src/main/core/auth/ip-allowlist.js';
import { RateLimiter } from '../../../src/main/core/auth/rate-limiter.js';
import { SCOPES, insufficientScopeMessage, parseScopes } from '../../../src/main/core/auth/scopes.js';

describe('scopes', () => {
  it('parses the all preset and lists in canonical order', () => {
    expect(parseScopes('all')).toEqual([...SCOPES]);
    expect(parseScopes('orders:write, cart:read,cart:read')).toEqual(['cart:read', 'orders:write']);
    expect(() => parseScopes('cart:read,nope')).toThrow(/nope/);
    expect(() => parseScopes('')).toThrow();
  });
  it('writes the contract message', () => {
    expect(insufficientScopeMessage('cart:write', ['orders:read', 'cart:read'])).toBe(
      'Insufficient scope. Required: cart:write. Your key has: cart:read, orders:read',
    );
  });
});

describe('IP allowlist', () => {
  it('parses addresses and CIDR ranges, rejects the rest', () => {
    expect(parseAllowEntry('10.0.0.0/8')).toBe('10.0.0.0/8');
    expect(parseAllowEntry(' ::1 ')).toBe('::1');
    expect(parseAllowEntry('10.0.0.0/33')).toBeNull();
    expect(parseAllowEntry('example.com')).toBeNull();
    expect(parseAllowEntry('1.2.3.4/8/9')).toBeNull();
  });
  it('matches exact addresses, ranges and IPv4-mapped IPv6', () => {
    expect(isAllowed('127.0.0.1', [])).toBe(true);
    expect(isAllowed('192.168.1.7', ['192.168.1.0/24'])).toBe(true);
    expect(isAllowed('192.168.2.7', ['192.168.1.0/24'])).toBe(false);
    expect(isAllowed('::ffff:127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(isAllowed('::1', ['::1'])).toBe(true);
    expect(isAllowed('garbage', ['127.0.0.1'])).toBe(false);
  });
});

describe('rate limiter', () => {
  it('allows the limit per minute per key, then tells how long to wait', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(() => now);
    expect(limiter.hit(1, 2)).toMatchObject({ allowed: true, remaining: 1 });
    expect(limiter.hit(1, 2)).toMatchObject({ allowed: true, remaining: 0 });
    now += 30_000;
    expect(limiter.hit(1, 2)).toMatchObject({ allowed: false, remaining: 0, retryAfter: 30 });
    expect(limiter.hit(2, 2)).toMatchObject({ allowed: true });
    now += 30_000;
    expect(limiter.hit(1, 2)).toMatchObject({ allowed: true, remaining: 1 });
  });
});
