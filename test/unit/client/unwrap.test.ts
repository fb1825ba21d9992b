import { describe, expect, it } from 'vitest';
import { createAdminClient, createClient, CrossbuyError, errorFromAnswer, unwrap } from '../../../src/client/index.js';

/** A fetch that records each Request and answers `status` with `body` (a string as is, an object as JSON). */
function answering(status: number, body?: unknown) {
  const seen: Request[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    seen.push(request);
    const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, seen };
}

describe('unwrap: the one envelope unwrap of scripts and the app', () => {
  it('returns the data of the envelope', async () => {
    const { fetch } = answering(200, { data: { balance: 12.5, currency: 'CNY' } });
    const client = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'sk-test', fetch });
    await expect(unwrap(client.GET('/user/wallet/balance'))).resolves.toEqual({ balance: 12.5, currency: 'CNY' });
  });

  it('throws a CrossbuyError carrying the status, the sentence, the discriminator and the field', async () => {
    const body = { statusCode: 400, message: 'postalCode 1234 is not a valid US ZIP code', error: 'Bad Request', code: 'address_invalid', field: 'postalCode' };
    const { fetch } = answering(400, body);
    const client = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'sk-test', fetch });
    const error = await unwrap(client.GET('/user/addresses')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrossbuyError);
    expect(error).toMatchObject({ name: 'CrossbuyError', statusCode: 400, message: body.message, error: 'Bad Request', code: 'address_invalid', field: 'postalCode' });
  });

  it('words a refusal without a JSON message by its status, and a success without the envelope as a bad response', async () => {
    const html = answering(502, '<html>Bad Gateway</html>');
    const bare = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'sk-test', fetch: html.fetch });
    const refused = (await unwrap(bare.GET('/cart')).catch((e: unknown) => e)) as CrossbuyError;
    expect(refused).toMatchObject({ statusCode: 502, message: 'The service answered 502 without an error message', error: '' });
    expect(refused.code).toBeUndefined();
    expect(refused.field).toBeUndefined();

    const plain = answering(200, { items: [] });
    const client = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'sk-test', fetch: plain.fetch });
    await expect(unwrap(client.GET('/cart'))).rejects.toMatchObject({ statusCode: 200, error: 'Bad Response' });
  });

  it('answers statusCode 0 with the transport error as the cause when the service is not reached', async () => {
    const cause = new TypeError('fetch failed');
    const client = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'sk-test', fetch: () => Promise.reject(cause) });
    const error = (await unwrap(client.GET('/cart')).catch((e: unknown) => e)) as CrossbuyError;
    expect(error).toMatchObject({ statusCode: 0, message: 'The crossbuy service could not be reached', error: 'Network Error' });
    expect(error.cause).toBe(cause);
  });
});

describe('errorFromAnswer', () => {
  it('carries the amounts of a short wallet (code insufficient_balance), so the app words them in its money format', () => {
    const body = { statusCode: 402, message: 'Insufficient balance. Required: 9999.00 CNY. Available: 12.50 CNY', error: 'Payment Required', code: 'insufficient_balance', required: 9999, available: 12.5 };
    expect(errorFromAnswer(402, body)).toMatchObject({ statusCode: 402, code: 'insufficient_balance', required: 9999, available: 12.5 });
  });

  it('keeps only string fields of the body', () => {
    const error = errorFromAnswer(409, { message: 'Order is paid', error: 'Conflict', code: 42, field: null });
    expect(error).toMatchObject({ statusCode: 409, message: 'Order is paid', error: 'Conflict' });
    expect(error.code).toBeUndefined();
    expect(error.field).toBeUndefined();
    expect(errorFromAnswer(402, { message: 'Insufficient balance', required: '12.00', available: null }).required).toBeUndefined();
    expect(errorFromAnswer(500, ['not', 'a', 'record']).message).toBe('The service answered 500 without an error message');
  });
});

describe('a pluggable fetch (a transport that authenticates itself)', () => {
  it('sends the key as a bearer when given and nothing when left out', async () => {
    const keyed = answering(200, { data: {} });
    await unwrap(createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'sk-test', fetch: keyed.fetch }).GET('/cart'));
    expect(keyed.seen[0]!.headers.get('authorization')).toBe('Bearer sk-test');

    const own = answering(200, { data: {} });
    await unwrap(createClient({ baseUrl: 'http://app.localhost', fetch: own.fetch }).GET('/cart'));
    await unwrap(createAdminClient({ baseUrl: 'http://app.localhost', fetch: own.fetch }).GET('/clock'));
    expect(own.seen.map((r) => r.url)).toEqual(['http://app.localhost/api/v1/open/cart', 'http://app.localhost/api/v1/admin/clock']);
    expect(own.seen.map((r) => r.headers.get('authorization'))).toEqual([null, null]);
  });
});
