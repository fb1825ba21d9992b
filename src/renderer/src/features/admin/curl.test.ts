import { describe, expect, it } from 'vitest';
import { curlExample, curlForRequest, EXAMPLE_PATH, examplePathFor } from './curl';

const KEY = 'sk-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefgh';

describe('curl example', () => {
  it('calls the cart on the server origin with the bearer key', () => {
    expect(curlExample('http://127.0.0.1:4319', KEY)).toBe(`curl -H "Authorization: Bearer ${KEY}" http://127.0.0.1:4319/api/v1/open/cart`);
  });

  it('does not double the slash after an origin that ends with one', () => {
    expect(curlExample('http://127.0.0.1:4319/', KEY, '/api/v1/open/orders')).toBe(
      `curl -H "Authorization: Bearer ${KEY}" http://127.0.0.1:4319/api/v1/open/orders`,
    );
    expect(curlExample('http://localhost:8080//', KEY, 'api/v1/open/cart')).toBe(
      `curl -H "Authorization: Bearer ${KEY}" http://localhost:8080/api/v1/open/cart`,
    );
  });

  it('picks a path the key may read', () => {
    expect(examplePathFor(['all'])).toBe(EXAMPLE_PATH);
    expect(examplePathFor(['cart:read', 'orders:read'])).toBe(EXAMPLE_PATH);
    expect(examplePathFor(['orders:write', 'wallet:read'])).toBe('/api/v1/open/user/wallet/balance');
    expect(examplePathFor(['orders:write'])).toBe(EXAMPLE_PATH);
  });
});

describe('a logged request as curl', () => {
  it('sends a GET with its query and the key from the shell', () => {
    expect(curlForRequest('http://127.0.0.1:4319/', { method: 'GET', path: '/api/v1/open/orders', query: 'status=paid&limit=5', body: null })).toBe(
      `curl -H "Authorization: Bearer $CROSSBUY_KEY" 'http://127.0.0.1:4319/api/v1/open/orders?status=paid&limit=5'`,
    );
  });

  it('sends the method and JSON body, quoted for the shell', () => {
    const body = `{"remark":"it's here"}`;
    expect(curlForRequest('http://127.0.0.1:4319', { method: 'POST', path: '/api/v1/open/cart/items', query: '', body })).toBe(
      `curl -X POST -H "Authorization: Bearer $CROSSBUY_KEY" -H 'Content-Type: application/json' --data '{"remark":"it'\\''s here"}' 'http://127.0.0.1:4319/api/v1/open/cart/items'`,
    );
  });
});
