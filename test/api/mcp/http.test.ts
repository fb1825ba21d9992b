import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRoutes } from '../../../src/main/core/http/routes/open/index.js';
import { request, startTestServer, type TestServer } from '../../helpers/server.js';
import { call, httpClient } from './helpers.js';

/**
 * MCP over Streamable HTTP (/mcp on the server's port), driven by the official SDK's own Client: the
 * listing follows the key's scopes, a refusal is a tool result (isError, the API's error shape), every
 * call is a request of the open API (request log, idempotency, one debit), and the endpoint refuses
 * without a key, from a foreign Host or Origin, and on bad JSON-RPC without a 500.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.admin('PUT', '/autopilot', { pace: 'realistic', refundRate: 0 });
});
afterAll(() => server.close());

const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

async function rawPost(body: string, headers: Record<string, string> = {}, path = '/mcp') {
  return request(server.running.origin, 'POST', path, { raw: body, headers: { ...MCP_HEADERS, ...headers } });
}

async function inStockSku(client: Awaited<ReturnType<typeof httpClient>>) {
  const search = await call(client, 'crossbuy_products_search', { q: 'lamp', limit: 10 });
  expect(search.isError).toBe(false);
  const product = search.json.data.items.find((p: { skus: { stock: number }[] }) => p.skus.some((s) => s.stock > 2));
  const sku = product.skus.find((s: { stock: number }) => s.stock > 2);
  return { productId: String(product.id), skuId: sku.skuId as string, price: sku.price as number };
}

describe('tools/list', () => {
  it('lists one tool per open route for a key of every scope, each with its schemas and annotations', async () => {
    const client = await httpClient(server.running.origin, server.key);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(openRoutes.length);
    const create = tools.find((t) => t.name === 'crossbuy_orders_create')!;
    expect(create.inputSchema.required).toContain('items');
    expect(create.inputSchema.properties).toHaveProperty('idempotencyKey');
    // Not idempotent (the MCP meaning: no additional effect when repeated): without an idempotencyKey a
    // repeated call places another order. Its description asks for one.
    expect(create.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    expect(create.description).toMatch(/Pass an idempotencyKey/);
    for (const name of ['crossbuy_shipping_orders_create', 'crossbuy_wallet_top_ups_create', 'crossbuy_cart_items_add']) {
      expect(tools.find((t) => t.name === name)!.annotations?.idempotentHint, name).toBe(false);
    }
    expect(tools.find((t) => t.name === 'crossbuy_profile_update')!.annotations?.idempotentHint).toBe(true);
    expect(create.outputSchema?.type).toBe('object');
    const search = tools.find((t) => t.name === 'crossbuy_products_search')!;
    expect(search.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(tools.find((t) => t.name === 'crossbuy_cart_items_remove')!.annotations?.destructiveHint).toBe(true);
    for (const tool of tools) expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    await client.close();
  });

  it('lists only what the key\'s scopes allow, and narrows further with readOnly, tools globs and presets', async () => {
    const readKey = server.makeKey(['products:read', 'orders:read']);
    const client = await httpClient(server.running.origin, readKey);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('crossbuy_products_search');
    expect(names).toContain('crossbuy_orders_get');
    expect(names).not.toContain('crossbuy_orders_create');
    expect(names).not.toContain('crossbuy_cart_get');
    await client.close();

    const readOnly = await httpClient(server.running.origin, server.key, '?readOnly=1');
    const readOnlyTools = (await readOnly.listTools()).tools;
    expect(readOnlyTools.length).toBeGreaterThan(10);
    expect(readOnlyTools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    // Not listed, and not callable either.
    const refused = await call(readOnly, 'crossbuy_cart_clear');
    expect(refused).toMatchObject({ isError: true, json: { statusCode: 403 } });
    await readOnly.close();

    const globbed = await httpClient(server.running.origin, server.key, '?tools=orders_*,cart_get');
    const globbedNames = (await globbed.listTools()).tools.map((t) => t.name);
    expect(globbedNames).toContain('crossbuy_cart_get');
    expect(globbedNames.every((n) => n.startsWith('crossbuy_orders_') || n === 'crossbuy_cart_get')).toBe(true);
    await globbed.close();

    for (const preset of ['shopper', 'tracker']) {
      const client2 = await httpClient(server.running.origin, server.key, `?preset=${preset}`);
      const count = (await client2.listTools()).tools.length;
      expect(count).toBeGreaterThan(5);
      expect(count).toBeLessThanOrEqual(40);
      await client2.close();
    }
  });
});

describe('tools/call', () => {
  it('refuses a tool outside the key\'s scopes as the route does: isError with 403 in the API\'s error shape', async () => {
    const client = await httpClient(server.running.origin, server.makeKey(['products:read']));
    const result = await call(client, 'crossbuy_wallet_balance_get');
    expect(result.isError).toBe(true);
    expect(result.json).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect(result.json.message).toMatch(/Insufficient scope. Required: wallet:read/);
    await client.close();
  });

  it('answers bad arguments with the route\'s own 400, naming the field, and writes nothing', async () => {
    const client = await httpClient(server.running.origin, server.key);
    const before = (await server.api('GET', '/orders')).body.data.total;
    const wrongType = await call(client, 'crossbuy_orders_create', { items: 'two hoodies' });
    expect(wrongType).toMatchObject({ isError: true, json: { statusCode: 400, error: 'Bad Request' } });
    expect(wrongType.json.message).toMatch(/items/);
    const missing = await call(client, 'crossbuy_orders_get', {});
    expect(missing).toMatchObject({ isError: true, json: { statusCode: 400, message: 'id is required' } });
    const unknownArg = await call(client, 'crossbuy_cart_items_add', { productId: '1', skuId: 'x', quantity: 1, colour: 'red' });
    expect(unknownArg.isError).toBe(true);
    expect(unknownArg.json.statusCode).toBe(400);
    expect(unknownArg.json.message).toMatch(/colour/);
    const notFound = await call(client, 'crossbuy_orders_get', { id: 'CB-NOPE' });
    expect(notFound).toMatchObject({ isError: true, json: { statusCode: 404 } });
    const unknownTool = await call(client, 'crossbuy_nope');
    expect(unknownTool).toMatchObject({ isError: true, json: { statusCode: 404 } });
    expect((await server.api('GET', '/orders')).body.data.total).toBe(before);
    await client.close();
  });

  it('places an order and follows it to in_warehouse by tool calls alone (the clock moved by the admin API)', async () => {
    const client = await httpClient(server.running.origin, server.key);
    const sku = await inStockSku(client);
    const balanceBefore = (await call(client, 'crossbuy_wallet_balance_get')).json.data;
    const placed = await call(client, 'crossbuy_orders_create', { items: [{ ...sku, price: undefined, quantity: 2 }], idempotencyKey: 'journey-1' });
    expect(placed.isError).toBe(false);
    const orderNo = placed.json.data.orderNo as string;
    expect(['pending', 'paid']).toContain((await call(client, 'crossbuy_orders_status_get', { id: orderNo })).json.data.status);
    const balanceAfter = (await call(client, 'crossbuy_wallet_balance_get')).json.data;
    expect(balanceAfter.availableBalance).toBeCloseTo(balanceBefore.availableBalance - placed.json.data.totalAmount, 2);

    expect((await server.admin('POST', '/clock/advance', { by: '10d' })).status).toBe(200);
    const status = await call(client, 'crossbuy_orders_status_get', { id: orderNo });
    expect(status.json.data.status).toBe('in_warehouse');
    const packages = await call(client, 'crossbuy_warehouse_packages_list', { status: 'in_warehouse' });
    expect(packages.json.data.items.some((p: { orderNo?: string }) => JSON.stringify(p).includes(orderNo))).toBe(true);
    const inspection = await call(client, 'crossbuy_orders_inspection_get', { id: orderNo });
    expect(inspection.json.data.photos.length).toBeGreaterThan(0);
    await client.close();
  });

  it('repeats an order with the same idempotencyKey: the first answer again, one order and one debit', async () => {
    const client = await httpClient(server.running.origin, server.key);
    const sku = await inStockSku(client);
    const args = { items: [{ productId: sku.productId, skuId: sku.skuId, quantity: 1 }], idempotencyKey: 'mcp-once-only' };
    const entries = async () => (await server.api('GET', '/user/wallet/transactions?limit=1')).body.data.total as number;
    const ledgerBefore = await entries();
    const first = await call(client, 'crossbuy_orders_create', args);
    const second = await call(client, 'crossbuy_orders_create', args);
    expect(first.isError).toBe(false);
    expect(second.json).toEqual(first.json);
    expect(await entries()).toBe(ledgerBefore + 1);
    // The same key with other arguments is refused (422), not applied.
    const other = await call(client, 'crossbuy_orders_create', { ...args, items: [{ ...args.items[0], quantity: 2 }] });
    expect(other).toMatchObject({ isError: true, json: { statusCode: 422 } });
    expect(await entries()).toBe(ledgerBefore + 1);
    await client.close();
  });

  it('is logged as a request of the open API with the tool\'s name beside the route', async () => {
    const client = await httpClient(server.running.origin, server.key);
    await call(client, 'crossbuy_cart_get');
    await client.close();
    const deadline = Date.now() + 3000;
    let entry: { id: number; path: string; mcpTool: string | null } | undefined;
    while (!entry && Date.now() < deadline) {
      const page = await server.admin('GET', '/requests?path=/api/v1/open/cart&limit=5');
      entry = page.body.data.items.find((e: { mcpTool: string | null }) => e.mcpTool === 'crossbuy_cart_get');
      if (!entry) await new Promise((r) => setTimeout(r, 50));
    }
    expect(entry?.path).toBe('/api/v1/open/cart');
    const detail = await server.admin('GET', `/requests/${entry!.id}`);
    expect(detail.body.data.mcpTool).toBe('crossbuy_cart_get');
    // A script's own request carries no tool.
    await server.api('GET', '/cart');
    await new Promise((r) => setTimeout(r, 100));
    const latest = (await server.admin('GET', '/requests?path=/api/v1/open/cart&limit=1')).body.data.items[0];
    expect(latest.mcpTool).toBeNull();
  });
});

describe('worlds', () => {
  it('works on the key\'s own world: what a tool does there is not seen in the default world', async () => {
    const created = await server.admin('POST', '/worlds', {});
    expect(created.status).toBe(201);
    const worldKey = created.body.data.key.secret as string;
    const client = await httpClient(server.running.origin, worldKey);
    const sku = await inStockSku(client);
    const placed = await call(client, 'crossbuy_orders_create', { items: [{ productId: sku.productId, skuId: sku.skuId, quantity: 1 }] });
    expect(placed.isError).toBe(false);
    const orderNo = placed.json.data.orderNo as string;
    expect((await call(client, 'crossbuy_orders_get', { id: orderNo })).isError).toBe(false);
    expect((await server.api('GET', `/orders/${orderNo}`)).status).toBe(404);
    await client.close();
  });
});

describe('resources and prompts', () => {
  it('serves the open OpenAPI document and the API reference, and the three prompts', async () => {
    const client = await httpClient(server.running.origin, server.key);
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain('crossbuy://openapi/open.json');
    expect(uris).toContain('crossbuy://docs/API.md');
    const doc = await client.readResource({ uri: 'crossbuy://openapi/open.json' });
    const content = doc.contents[0]!;
    const text = 'text' in content ? content.text : '';
    expect(JSON.parse(text).openapi).toBe('3.1.0');
    // The shipped world files (worlds.md), readable; the folder's JSON Schema said to be the schema.
    const world = resources.find((r) => r.uri === 'crossbuy://worlds/after-sales.json')!;
    expect(world.title).toBe('World file after-sales.json');
    const worldContent = (await client.readResource({ uri: world.uri })).contents[0]!;
    expect(JSON.parse('text' in worldContent ? worldContent.text : '{}')).toMatchObject({ crossbuyWorld: 1, name: 'after-sales' });
    expect(resources.find((r) => r.uri === 'crossbuy://worlds/world-file.schema.json')).toMatchObject({ title: 'World file JSON Schema', mimeType: 'application/schema+json' });
    // The code once in the message (the client's own prefix), not twice.
    await expect(client.readResource({ uri: 'crossbuy://worlds/../package.json' })).rejects.toThrow(/^MCP error -32002: Resource not found: crossbuy:\/\/worlds\/\.\.\/package\.json$/);
    await expect(client.getPrompt({ name: 'no_such_prompt' })).rejects.toThrow(/^MCP error -32602: Unknown prompt no_such_prompt$/);
    const prompts = (await client.listPrompts()).prompts.map((p) => p.name);
    expect(prompts).toEqual(['find_and_buy', 'track_my_parcels', 'what_does_my_wallet_say']);
    const prompt = await client.getPrompt({ name: 'find_and_buy', arguments: { what: 'a hoodie' } });
    expect(JSON.stringify(prompt.messages)).toContain('crossbuy_orders_create');
    await client.close();
  });
});

describe('the /mcp endpoint', () => {
  it('answers 401 in JSON-RPC form without a key or with an unknown one', async () => {
    for (const headers of [{}, { authorization: 'Bearer sk-unknownunknownunknownunknown' }] as Record<string, string>[]) {
      const answer = await rawPost(JSON.stringify(INIT), headers);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin, in JSON-RPC form', async () => {
    const auth = { authorization: `Bearer ${server.key}` };
    // fetch will not send a forged Host: a raw socket does.
    const { request: httpRequest } = await import('node:http');
    const forged = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${server.running.origin}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, ...auth, host: 'evil.example:80' } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      req.end(JSON.stringify(INIT));
    });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body)).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringMatching(/Host evil.example/) } });
    const foreignOrigin = await rawPost(JSON.stringify(INIT), { ...auth, origin: 'https://evil.example' });
    expect(foreignOrigin.status).toBe(403);
    expect(foreignOrigin.body.jsonrpc).toBe('2.0');
    const localOrigin = await rawPost(JSON.stringify(INIT), { ...auth, origin: server.running.origin });
    expect(localOrigin.status).toBe(200);
  });

  it('never answers 500 to bad JSON-RPC, and is stateless (no session id; GET and DELETE 405)', async () => {
    const auth = { authorization: `Bearer ${server.key}` };
    // An empty batch is an Invalid Request (JSON-RPC 2.0), not a 202 like a batch of notifications.
    const emptyBatch = await rawPost('[]', auth);
    expect(emptyBatch.status).toBe(400);
    expect(emptyBatch.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: an empty batch holds no message' } });
    // JSON that is no JSON-RPC message is -32600 too (malformed JSON stays -32700 below).
    for (const body of ['null', '"x"', '{"jsonrpc":"2.0"}', '[1]']) {
      expect((await rawPost(body, auth)).body.error.code, body).toBe(-32600);
    }
    const bodies = ['{not json', '{"jsonrpc":"2.0"}', '{"jsonrpc":"1.0","id":1,"method":"tools/list"}', '', 'null', '"x"'];
    for (const body of bodies) {
      const answer = await rawPost(body, auth);
      expect(answer.status, body).toBeGreaterThanOrEqual(400);
      expect(answer.status, body).toBeLessThan(500);
    }
    const parseError = await rawPost('{not json', auth);
    expect(parseError.body.error.code).toBe(-32700);
    const init = await rawPost(JSON.stringify(INIT), auth);
    expect(init.status).toBe(200);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    const listed = await rawPost(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), { ...auth, 'mcp-protocol-version': '2025-06-18' });
    expect(listed.status).toBe(200);
    expect(listed.body.result.tools.length).toBe(openRoutes.length);
    for (const method of ['GET', 'DELETE']) {
      const answer = await request(server.running.origin, method, '/mcp', { bearer: server.key, headers: { accept: 'text/event-stream' } });
      expect(answer.status).toBe(405);
      expect(answer.body.jsonrpc).toBe('2.0');
    }
    const badPreset = await rawPost(JSON.stringify(INIT), auth, '/mcp?preset=everything');
    expect(badPreset.status).toBe(400);
    // A tools glob that names no tool is refused as `crossbuy mcp --tools` refuses to start (it listed no tools).
    const noTool = await rawPost(JSON.stringify(INIT), auth, '/mcp?tools=zzz_*,orders_*');
    expect(noTool.status).toBe(400);
    expect(noTool.body.message ?? noTool.body.error?.message).toMatch(/no tool matches zzz_\*/);
    expect((await rawPost(JSON.stringify(INIT), auth, '/mcp?tools=orders_*')).status).toBe(200);
  });

  it('answers tools/call with arguments that are not an object, or no name, -32602 in a short sentence (no internals)', async () => {
    const auth = { authorization: `Bearer ${server.key}`, 'mcp-protocol-version': '2025-06-18' };
    const ordersBefore = (await server.api('GET', '/orders')).body.data.total;
    const cases: [unknown, string][] = [
      [{ name: 'crossbuy_orders_create', arguments: [] }, 'params.arguments must be an object, not an array'],
      [{ name: 'crossbuy_orders_create', arguments: null }, 'params.arguments must be an object, not null'],
      [{ name: 'crossbuy_orders_create', arguments: 'items' }, 'params.arguments must be an object, not a string'],
      [{ name: 'crossbuy_orders_create', arguments: 1 }, 'params.arguments must be an object, not a number'],
      [{ arguments: {} }, 'params.name is required'],
      [[], 'params must be an object, not an array'],
    ];
    for (const [id, [params, text]] of cases.entries()) {
      const answer = await rawPost(JSON.stringify({ jsonrpc: '2.0', id: id + 10, method: 'tools/call', params }), auth);
      expect(answer.status, JSON.stringify(params)).toBeLessThan(500);
      expect(answer.body, JSON.stringify(params)).toEqual({ jsonrpc: '2.0', id: id + 10, error: { code: -32602, message: `Invalid params for tools/call: ${text}` } });
    }
    expect((await server.api('GET', '/orders')).body.data.total).toBe(ordersBefore);
  });

  it('serves ?world= only when the key belongs to that world (the bridge passes --world this way)', async () => {
    const auth = { authorization: `Bearer ${server.key}` };
    expect((await rawPost(JSON.stringify(INIT), auth, '/mcp?world=default')).status).toBe(200);
    const other = await rawPost(JSON.stringify(INIT), auth, '/mcp?world=w_someone_else');
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe('This key belongs to the world default, not w_someone_else');
    expect((await rawPost(JSON.stringify(INIT), auth, '/mcp?world=not%20a%20world')).status).toBe(400);
  });
});
