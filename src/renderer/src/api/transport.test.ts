import { describe, expect, it } from 'vitest';
import type { BridgeRequest, BridgeResponse } from '../../../preload/bridge';
import { actionHeaders, adminClientOver, createClient, CrossbuyError, data, idempotent, openClientOver, type ApiClient } from './client';
import { httpTransport, ipcTransport } from './transport';

/** One answer of the service, as both low-level senders will deliver it. */
interface Answer {
  status: number;
  /** JSON body; a string is sent as is (non-JSON), undefined as an empty body. */
  body?: unknown;
  /** The sender fails before any answer (service down, IPC handler missing). */
  unreachable?: boolean;
}

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** Both transports, each over a fake of its lowest-level sender only, answering the same thing. */
function pair(answer: Answer) {
  const sent: { ipc: Sent[]; http: Sent[]; httpInit: RequestInit[]; bridge: BridgeRequest[] } = {
    ipc: [],
    http: [],
    httpInit: [],
    bridge: [],
  };
  const bridge = {
    async request(request: BridgeRequest): Promise<BridgeResponse> {
      sent.bridge.push(request);
      sent.ipc.push({ method: request.method, path: request.path, body: request.body });
      if (answer.unreachable) throw new Error("No handler registered for 'crossbuy:request'");
      // Structured clone, as IPC does: the page never shares objects with main.
      return { status: answer.status, headers: { 'content-type': 'application/json' }, body: structuredClone(answer.body) };
    },
  };
  const fetchFake: typeof fetch = async (input, init) => {
    sent.httpInit.push(init ?? {});
    const raw = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.http.push({ method: init?.method ?? 'GET', path: String(input), body: raw });
    if (answer.unreachable) throw new TypeError('fetch failed');
    const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
  return { ipc: createClient(ipcTransport(bridge)), http: createClient(httpTransport(fetchFake)), sent };
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: { name: string; statusCode: number; message: string; error: string } };

async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (!(error instanceof CrossbuyError)) throw error;
    return { ok: false, error: { name: error.name, statusCode: error.statusCode, message: error.message, error: error.error } };
  }
}

const product = {
  id: 132,
  title: 'Heavyweight Hoodie',
  price: 458.1,
  currency: 'CNY',
  platform: 'weidian',
  imageUrl: 'http://127.0.0.1:4680/media/products/132/0.svg',
  shopName: 'Guangzhou Warehouse',
  skus: [{ skuId: '4300340517-1', name: 'Beige / M', price: 458.1, stock: 165 }],
};

const calls: [string, (client: ApiClient) => Promise<unknown>][] = [
  ['search the local catalog', (c) => c.products.search({ q: 'hoodie & bag', page: 2, limit: 24 })],
  ['search a platform', (c) => c.products.searchPlatform('1688', { q: 'cable', page: 1 })],
  ['read a product', (c) => c.products.get(132)],
  ['resolve a link', (c) => c.products.resolveLink('https://item.taobao.com/item.htm?id=650006992477')],
  ['read the cart', (c) => c.cart.get()],
  ['add to the cart', (c) => c.cart.add({ productId: '132', skuId: '4300340517-1', quantity: 2, remark: 'gift' })],
  ['change a line', (c) => c.cart.update(7, { quantity: 3, selected: false })],
  ['remove a line', (c) => c.cart.remove(7)],
  ['clear the cart', (c) => c.cart.clear()],
];

const answers: [string, Answer][] = [
  ['200 with data', { status: 200, body: { data: { items: [product], total: 1, page: 1, limit: 20 } } }],
  ['201 with data', { status: 201, body: { data: { id: 1, productId: 132, skuId: '4300340517-1', quantity: 2, message: 'Added to cart' } } }],
  ['400', { status: 400, body: { statusCode: 400, message: 'productId must be a string', error: 'Bad Request' } }],
  ['401', { status: 401, body: { statusCode: 401, message: 'Invalid API Key', error: 'Unauthorized' } }],
  ['404', { status: 404, body: { statusCode: 404, message: 'Product 99999 not found', error: 'Not Found' } }],
  [
    '422',
    {
      status: 422,
      body: { statusCode: 422, message: 'quantity 2002 exceeds the stock of SKU 4300340517-1 (165 available)', error: 'Unprocessable Entity' },
    },
  ],
  ['429', { status: 429, body: { statusCode: 429, message: 'Rate limit exceeded. Try again in 3s', error: 'Too Many Requests' } }],
  ['500 without a JSON body', { status: 500, body: '<html>Internal Server Error</html>' }],
  ['502 with an empty body', { status: 502 }],
  ['200 without the data envelope', { status: 200, body: { items: [] } }],
  ['unreachable service', { status: 0, unreachable: true }],
];

describe('IPC and HTTP transports give the client the same result', () => {
  for (const [answerName, answer] of answers) {
    for (const [callName, call] of calls) {
      it(`${callName}: ${answerName}`, async () => {
        const { ipc, http, sent } = pair(answer);
        const viaIpc = await outcome(() => call(ipc));
        const viaHttp = await outcome(() => call(http));
        expect(viaIpc).toEqual(viaHttp);
        // And the service was asked the same thing.
        expect(sent.ipc).toEqual(sent.http);
      });
    }
  }

  it('unwraps data on success and carries statusCode and message on error', async () => {
    const ok = pair({ status: 200, body: { data: product } });
    await expect(ok.ipc.products.get(132)).resolves.toEqual(product);
    await expect(ok.http.products.get(132)).resolves.toEqual(product);

    const missing = pair({ status: 404, body: { statusCode: 404, message: 'Product 99999 not found', error: 'Not Found' } });
    for (const client of [missing.ipc, missing.http]) {
      const error = await client.products.get(99999).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CrossbuyError);
      expect(error).toMatchObject({ statusCode: 404, message: 'Product 99999 not found', error: 'Not Found' });
    }

    // The discriminator and the field the address forms and the link box read (addressRules, linkProblem).
    const refused = pair({
      status: 400,
      body: { statusCode: 400, message: 'postalCode 1234 is not a valid US ZIP code', error: 'Bad Request', code: 'address_invalid', field: 'postalCode' },
    });
    for (const client of [refused.ipc, refused.http]) {
      await expect(client.cart.get()).rejects.toMatchObject({ name: 'CrossbuyError', statusCode: 400, code: 'address_invalid', field: 'postalCode' });
    }

    const down = pair({ status: 0, unreachable: true });
    for (const client of [down.ipc, down.http]) {
      await expect(client.cart.get()).rejects.toMatchObject({ statusCode: 0, message: 'The crossbuy service could not be reached' });
    }
  });

  it('sends what each channel needs: paths with the API prefix, a string productId, the UI header over HTTP', async () => {
    const { ipc, http, sent } = pair({ status: 201, body: { data: {} } });
    await ipc.cart.add({ productId: '132', skuId: 'a', quantity: 1 });
    await http.cart.add({ productId: '132', skuId: 'a', quantity: 1 });
    expect(sent.bridge[0]).toEqual({ method: 'POST', path: '/api/v1/open/cart/items', body: { productId: '132', skuId: 'a', quantity: 1 } });
    const init = sent.httpInit[0]!;
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({ 'X-Crossbuy-Client': 'ui', 'Content-Type': 'application/json' });

    await ipc.cart.clear();
    await http.cart.clear();
    expect(sent.bridge[1]).toEqual({ method: 'DELETE', path: '/api/v1/open/cart' });
    expect(sent.httpInit[1]!.body).toBeUndefined();
    expect(sent.httpInit[1]!.headers).not.toHaveProperty('Content-Type');

    await http.products.search({ q: 'hoodie & bag', page: 2, limit: 24 });
    expect(sent.http.at(-1)!.path).toBe('/api/v1/open/products/search?q=hoodie%20%26%20bag&page=2&limit=24');
  });
});

describe('the typed clients over the page transport', () => {
  it('send the admin prefix, the body and the Idempotency-Key through the bridge, and unwrap data', async () => {
    const seen: BridgeRequest[] = [];
    const bridge = {
      async request(request: BridgeRequest): Promise<BridgeResponse> {
        seen.push(request);
        return { status: 201, headers: {}, body: { data: { transactionId: 9, amount: 12.5 } } };
      },
    };
    const admin = adminClientOver(ipcTransport(bridge));
    const entry = await data(admin.POST('/wallet/deposit', { body: { amount: 12.5 }, ...idempotent('key-1') }));
    expect(entry).toMatchObject({ transactionId: 9 });
    expect(seen).toEqual([{ method: 'POST', path: '/api/v1/admin/wallet/deposit', body: { amount: 12.5 }, headers: { 'idempotency-key': 'key-1' } }]);

    const open = openClientOver(ipcTransport(bridge));
    await data(open.GET('/orders/{id}', { params: { path: { id: 'PO 1/2' } } }));
    expect(seen.at(-1)).toEqual({ method: 'GET', path: '/api/v1/open/orders/PO%201%2F2' });
  });

  it('carry a sandbox scenario the operator picked as Crossbuy-Scenario, over the bridge and over HTTP, and none when none was picked', async () => {
    const { sent } = pair({ status: 201, body: { data: {} } });
    const bridge = {
      async request(request: BridgeRequest): Promise<BridgeResponse> {
        sent.bridge.push(request);
        return { status: 201, headers: {}, body: { data: {} } };
      },
    };
    const inits: RequestInit[] = [];
    const overHttp = openClientOver(
      httpTransport(async (_input, init) => {
        inits.push(init ?? {});
        return new Response('{"data":{}}', { status: 201 });
      }),
    );
    const overIpc = openClientOver(ipcTransport(bridge));
    const body = { method: 'alipay' as const, amount: 3 };
    for (const client of [overIpc, overHttp]) {
      await data(client.POST('/user/wallet/top-ups', { body, ...actionHeaders('k-1', 'declined') }));
      await data(client.POST('/user/wallet/top-ups', { body, ...actionHeaders('k-2', null) }));
    }
    expect(sent.bridge.map((r) => r.headers)).toEqual([{ 'idempotency-key': 'k-1', 'crossbuy-scenario': 'declined' }, { 'idempotency-key': 'k-2' }]);
    expect(inits.map((init) => (init.headers as Record<string, string>)['Crossbuy-Scenario'])).toEqual(['declined', undefined]);
  });
});
