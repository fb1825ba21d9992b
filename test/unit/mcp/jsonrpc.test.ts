import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { SCOPES } from '../../../src/main/core/auth/scopes.js';
import { openRouteDocs } from '../../../src/main/core/http/route-docs.js';
import { openRoutes } from '../../../src/main/core/http/routes/open/index.js';
import { ToolCatalog } from '../../../src/main/mcp/catalog.js';
import { invalidRequestOf } from '../../../src/main/mcp/jsonrpc.js';
import { createMcpServer } from '../../../src/main/mcp/mcp-server.js';
import { buildTools } from '../../../src/main/mcp/tools.js';

/**
 * Bad JSON-RPC from a client is the client's error in JSON-RPC 2.0's codes and a short sentence: params
 * that do not fit the method are -32602 (the SDK alone answers -32603 Internal error with its zod issues
 * as the message), on every transport (the guard is the server's); JSON that is no message is -32600.
 */
const catalog = new ToolCatalog(buildTools(openRoutes, openRouteDocs));
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A session over an in-memory transport, fed raw JSON-RPC: the answers by id. */
async function rawSession() {
  const dispatched: string[] = [];
  const server = createMcpServer({
    catalog,
    scopes: () => SCOPES,
    selection: {},
    dispatch: (request) => {
      dispatched.push(request.path);
      return Promise.resolve({ statusCode: 200, body: '{"data":{"items":[]}}' });
    },
  });
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  const answers = new Map<string | number, JSONRPCMessage>();
  client.onmessage = (message) => {
    if ('id' in message && message.id !== undefined) answers.set(message.id, message);
  };
  await server.connect(serverSide);
  await client.start();
  closers.push(() => server.close());
  let next = 1;
  const send = async (method: string, params?: unknown): Promise<any> => { // eslint-disable-line @typescript-eslint/no-explicit-any -- raw JSON-RPC answers
    const id = next++;
    await client.send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) } as JSONRPCMessage);
    for (let i = 0; i < 100 && !answers.has(id); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    return answers.get(id);
  };
  return { send, dispatched };
}

describe('params that do not fit the method', () => {
  it('answers tools/call with arguments that are not an object -32602, in one short sentence, and calls nothing', async () => {
    const { send, dispatched } = await rawSession();
    const cases: [unknown, string][] = [
      [{ name: 'crossbuy_cart_get', arguments: [] }, 'params.arguments must be an object, not an array'],
      [{ name: 'crossbuy_cart_get', arguments: null }, 'params.arguments must be an object, not null'],
      [{ name: 'crossbuy_cart_get', arguments: 'x' }, 'params.arguments must be an object, not a string'],
      [{ name: 'crossbuy_cart_get', arguments: 3 }, 'params.arguments must be an object, not a number'],
      [{ arguments: {} }, 'params.name is required'],
      [{ name: 7, arguments: {} }, 'params.name must be a string, not a number'],
      [undefined, 'params is required'],
      [[], 'params must be an object, not an array'],
    ];
    for (const [params, text] of cases) {
      const answer = await send('tools/call', params);
      expect(answer, JSON.stringify(params)).toEqual({ jsonrpc: '2.0', id: expect.any(Number), error: { code: -32602, message: `Invalid params for tools/call: ${text}` } });
    }
    expect(dispatched).toEqual([]);
    // A well-formed call still reaches its route, and no arguments at all is an empty object.
    const ok = await send('tools/call', { name: 'crossbuy_cart_get' });
    expect(ok.result.structuredContent).toEqual({ data: { items: [] } });
    expect(dispatched).toEqual(['/api/v1/open/cart']);
  });

  it('answers the other methods\' bad params -32602 too, never -32603 with the SDK\'s zod issues', async () => {
    const { send } = await rawSession();
    const cases: [string, unknown, string][] = [
      ['prompts/get', { name: 'find_and_buy', arguments: [] }, 'params.arguments must be an object, not an array'],
      ['prompts/get', {}, 'params.name is required'],
      ['resources/read', {}, 'params.uri is required'],
      ['resources/read', { uri: 5 }, 'params.uri must be a string, not a number'],
      ['tools/list', { cursor: 5 }, 'params.cursor must be a string, not a number'],
      ['initialize', {}, 'params.protocolVersion is required'],
    ];
    for (const [method, params, text] of cases) {
      const answer = await send(method, params);
      expect(answer.error, method).toEqual({ code: -32602, message: `Invalid params for ${method}: ${text}` });
    }
    expect((await send('tools/list')).result.tools.length).toBe(openRoutes.length);
  });
});

describe('JSON that is not a JSON-RPC message (the HTTP transport\'s check)', () => {
  it('is -32600 Invalid Request naming what is wrong; an empty batch is one', () => {
    expect(invalidRequestOf([])).toEqual({ code: -32600, message: 'Invalid Request: an empty batch holds no message', id: null });
    expect(invalidRequestOf(null)).toMatchObject({ code: -32600, message: 'Invalid Request: a JSON-RPC message is an object, not null' });
    expect(invalidRequestOf('x')).toMatchObject({ code: -32600, message: 'Invalid Request: a JSON-RPC message is an object, not a string' });
    expect(invalidRequestOf({ jsonrpc: '1.0', id: 1, method: 'ping' })).toEqual({ code: -32600, message: 'Invalid Request: jsonrpc must be "2.0"', id: 1 });
    expect(invalidRequestOf({ jsonrpc: '2.0', id: 1, method: 'ping', extra: 1 })).toMatchObject({ code: -32600, message: 'Invalid Request: extra is not a member of a JSON-RPC message' });
    expect(invalidRequestOf({ jsonrpc: '2.0', id: 1.5, method: 'ping' })).toMatchObject({ code: -32600, message: 'Invalid Request: id must be a string or an integer', id: null });
    expect(invalidRequestOf({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: 'x' })).toMatchObject({ code: -32600, id: 2 });
    expect(invalidRequestOf({ jsonrpc: '2.0' })).toMatchObject({ code: -32600, message: expect.stringMatching(/has a method/) });
    // Params by position are JSON-RPC's own: a well-formed request with params MCP does not take.
    expect(invalidRequestOf({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: [] })).toEqual({ code: -32602, message: 'Invalid params for tools/call: params must be an object, not an array', id: 3 });
    expect(invalidRequestOf([{ jsonrpc: '2.0', method: 'notifications/initialized' }, 5])).toEqual({ code: -32600, message: 'Invalid Request: a JSON-RPC message is an object, not a number (batch element 1)', id: null });
    // Messages, alone or batched, pass.
    expect(invalidRequestOf({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).toBeUndefined();
    expect(invalidRequestOf([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { jsonrpc: '2.0', method: 'notifications/initialized' }])).toBeUndefined();
    expect(invalidRequestOf({ jsonrpc: '2.0', id: 1, result: {} })).toBeUndefined();
  });
});
