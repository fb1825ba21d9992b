import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRoutes } from '../../../src/main/core/http/routes/open/index.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { call } from './helpers.js';

/**
 * `crossbuy mcp` over stdio, spawned as a client would (node bin/crossbuy.js mcp), driven by the SDK's
 * own Client: in-process on a data folder a server also holds (as the CLI works beside a server), and as
 * a bridge to that server's /mcp (--url). stdout carries JSON-RPC only.
 */
const cli = join(import.meta.dirname, '..', '..', '..', 'bin', 'crossbuy.js');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.admin('PUT', '/autopilot', { pace: 'realistic', refundRate: 0 });
});
afterAll(() => server.close());

async function stdioClient(key: string, ...flags: string[]): Promise<{ client: Client; stderr: () => string; errors: Error[] }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'mcp', '--data', server.dataDir, ...flags],
    env: { ...process.env, CROSSBUY_API_KEY: key } as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'crossbuy-test', version: '1.0.0' });
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  return { client, stderr: () => stderr, errors };
}

describe('crossbuy mcp (stdio, in-process)', () => {
  it('lists by the key\'s scopes and flags, calls tools, and the order it places reaches in_warehouse', async () => {
    const { client, errors, stderr } = await stdioClient(server.key);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(openRoutes.length);
    const search = await call(client, 'crossbuy_products_search', { q: 'lamp', limit: 10 });
    expect(search.isError).toBe(false);
    const product = search.json.data.items.find((p: { skus: { stock: number }[] }) => p.skus[0]!.stock > 1);
    // Its picture is served by the server holding the folder: a link to that server's port.
    expect(product.imageUrl).toMatch(new RegExp(`^${server.running.origin}/`));
    const placed = await call(client, 'crossbuy_orders_create', {
      items: [{ productId: String(product.id), skuId: product.skus[0].skuId, quantity: 1 }],
      idempotencyKey: 'stdio-journey',
    });
    expect(placed.isError).toBe(false);
    const orderNo = placed.json.data.orderNo as string;
    // The served instance on the same folder sees the order the stdio process placed, and moves the clock.
    expect((await server.api('GET', `/orders/${orderNo}/status`)).status).toBe(200);
    expect((await server.admin('POST', '/clock/advance', { by: '10d' })).status).toBe(200);
    expect((await call(client, 'crossbuy_orders_status_get', { id: orderNo })).json.data.status).toBe('in_warehouse');
    const bad = await call(client, 'crossbuy_orders_create', { items: [] });
    expect(bad).toMatchObject({ isError: true, json: { statusCode: 400 } });
    await client.close();
    // Any line on stdout that was not JSON-RPC would have reached the client as an error.
    expect(errors).toEqual([]);
    expect(stderr()).toMatch(/crossbuy mcp: serving/);
  });

  it('narrows with the key\'s scopes, --read-only and --tools, and refuses outside the scopes with isError', async () => {
    const scoped = await stdioClient(server.makeKey(['orders:read', 'wallet:read']), '--read-only', '--tools', 'orders_*');
    const names = (await scoped.client.listTools()).tools.map((t) => t.name);
    expect(names.length).toBeGreaterThan(3);
    expect(names.every((n) => n.startsWith('crossbuy_orders_'))).toBe(true);
    expect(names).not.toContain('crossbuy_orders_create');
    const refused = await call(scoped.client, 'crossbuy_orders_create', { items: [] });
    expect(refused).toMatchObject({ isError: true, json: { statusCode: 403 } });
    await scoped.client.close();
    const products = await stdioClient(server.makeKey(['products:read']));
    const outside = await call(products.client, 'crossbuy_cart_get');
    expect(outside).toMatchObject({ isError: true, json: { statusCode: 403 } });
    expect(outside.json.message).toMatch(/Required: cart:read/);
    await products.client.close();
  });

  it('writes nothing but JSON-RPC messages to stdout', async () => {
    const child = spawn(process.execPath, [cli, 'mcp', '--data', server.dataDir], { env: { ...process.env, CROSSBUY_API_KEY: server.key }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'crossbuy_cart_get', arguments: {} } },
    ];
    for (const message of messages) child.stdin.write(`${JSON.stringify(message)}\n`);
    const deadline = Date.now() + 20_000;
    while (!stdout.includes('"id":3') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    child.stdin.end();
    await new Promise((resolve) => child.once('exit', resolve));
    const lines = stdout.split('\n').filter((l) => l.length > 0);
    expect(lines.map((l) => (JSON.parse(l) as { id: number }).id)).toEqual([1, 2, 3]);
    for (const line of lines) expect(JSON.parse(line)).toHaveProperty('jsonrpc', '2.0');
  });

  it('answers a line that is no message (not JSON, params by position, a batch) instead of dropping it', async () => {
    const child = spawn(process.execPath, [cli, 'mcp', '--data', server.dataDir], { env: { ...process.env, CROSSBUY_API_KEY: server.key }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const lines = [
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      'this is not json',
      JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list', params: [] }),
      '[]',
      JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'ping' }),
    ];
    for (const line of lines) child.stdin.write(`${line}\n`);
    const deadline = Date.now() + 20_000;
    while (!stdout.includes('"id":6') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    child.stdin.end();
    await new Promise((resolve) => child.once('exit', resolve));
    const answers = stdout.split('\n').filter((l) => l.length > 0).map((l) => JSON.parse(l) as { id: number | null; error?: { code: number; message: string }; result?: unknown });
    // Each line answered once (the refusals are written at once, so they may come before an earlier answer).
    const seen = answers.map((a) => [a.id, a.error?.code ?? 'ok']);
    expect(seen).toHaveLength(5);
    expect(seen).toEqual(expect.arrayContaining([[1, 'ok'], [null, -32700], [5, -32602], [null, -32600], [6, 'ok']]));
    expect(answers.find((a) => a.id === 5)!.error!.message).toBe('Invalid params for tools/list: params must be an object, not an array');
  });

  it('refuses to start when --world is not the key\'s world, in one line on stderr', async () => {
    const run = await runToExit(['--world', 'w_not_this_one'], { ...process.env, CROSSBUY_API_KEY: server.key });
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/belongs to the world default, not w_not_this_one/);
  });

  it('refuses to start without CROSSBUY_API_KEY, in one line on stderr and nothing on stdout', async () => {
    const env = { ...process.env };
    delete env.CROSSBUY_API_KEY;
    const run = await runToExit([], env);
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/CROSSBUY_API_KEY/);
  });
});

/** `crossbuy mcp` on the server's folder with these flags and environment, until it exits by itself. */
async function runToExit(flags: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [cli, 'mcp', '--data', server.dataDir, ...flags], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}

describe('crossbuy mcp --url (a bridge to a running server\'s /mcp)', () => {
  it('lists and calls the server\'s tools under the key, with --read-only passed on', async () => {
    const { client, errors } = await stdioClient(server.key, '--url', server.running.origin, '--read-only');
    const tools = (await client.listTools()).tools;
    expect(tools.length).toBeGreaterThan(10);
    expect(tools.every((t) => t.annotations?.readOnlyHint)).toBe(true);
    const cart = await call(client, 'crossbuy_cart_get');
    expect(cart.isError).toBe(false);
    expect(cart.json.data).toHaveProperty('items');
    await client.close();
    expect(errors).toEqual([]);
  });

  it('passes the server\'s refusal on as the server words it (a bad key, a key of another world), not as an outage', async () => {
    /** Why `crossbuy mcp --url` with this key (and flags) could not connect, as the client was told. */
    const refusalOf = async (key: string, ...flags: string[]): Promise<string | undefined> => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [cli, 'mcp', '--data', server.dataDir, '--url', server.running.origin, ...flags],
        env: { ...process.env, CROSSBUY_API_KEY: key } as Record<string, string>,
        stderr: 'pipe',
      });
      const client = new Client({ name: 'crossbuy-test', version: '1.0.0' });
      const failure = await client.connect(transport).then(
        () => null,
        (error: Error) => error,
      );
      await client.close();
      return failure?.message;
    };
    const badKey = await refusalOf('sk-not-a-key-of-this-server');
    expect(badKey).toMatch(/Invalid API Key/);
    expect(badKey).not.toMatch(/could not be reached/);

    const world = (await server.admin('POST', '/worlds', {})).body.data as { id: string; key: { secret: string } };
    expect(await refusalOf(world.key.secret, '--world', 'default')).toContain(`belongs to the world ${world.id}`);
    await server.admin('DELETE', `/worlds/${world.id}`);
  });
});
