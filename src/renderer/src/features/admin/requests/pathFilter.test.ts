import { describe, expect, it } from 'vitest';
import { logPathPrefix } from './pathFilter';

describe('logPathPrefix', () => {
  it('reads a path typed without the open API prefix as one of its routes', () => {
    expect(logPathPrefix('/orders')).toBe('/api/v1/open/orders');
    expect(logPathPrefix('/cart/items')).toBe('/api/v1/open/cart/items');
    expect(logPathPrefix('/')).toBe('/api/v1/open/');
  });

  it('keeps a path that already names the API, and nothing typed', () => {
    expect(logPathPrefix('/api/v1/open/orders')).toBe('/api/v1/open/orders');
    expect(logPathPrefix('/api')).toBe('/api');
    expect(logPathPrefix('')).toBe('');
  });
});
