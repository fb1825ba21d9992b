import { describe, expect, it } from 'vitest';
import { newWorldBody, TTL_PATTERN } from './newWorld';

describe('New world: a ttl', () => {
  it('is sent as typed when given, and left out when empty', () => {
    expect(newWorldBody({ source: 'empty', file: undefined, name: '', seed: '', ttl: ' 2h ' })).toEqual({ ttl: '2h' });
    expect(newWorldBody({ source: 'empty', file: undefined, name: '', seed: '', ttl: '' })).toEqual({});
  });
  it('is a number and a unit', () => {
    for (const ok of ['90s', '30m', '2h', '7d']) expect(TTL_PATTERN.test(ok)).toBe(true);
    for (const bad of ['2', 'h', '0h', '2 h', '1.5h', '2w']) expect(TTL_PATTERN.test(bad)).toBe(false);
  });
});
