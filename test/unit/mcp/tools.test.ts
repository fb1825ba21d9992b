import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { openRouteDocs } from '../../../src/main/core/http/route-docs.js';
import { defineRoute, type RouteSpec } from '../../../src/main/core/http/route.js';
import { openRoutes } from '../../../src/main/core/http/routes/open/index.js';
import { CLIENT_TOOL_LIMIT, PRESETS, selectTools, toolFilter, unmatchedGlobs } from '../../../src/main/mcp/filter.js';
import { ToolCatalog } from '../../../src/main/mcp/catalog.js';
import { createMcpServer } from '../../../src/main/mcp/mcp-server.js';
import { ArgumentError, toRequest, toResult } from '../../../src/main/mcp/call.js';
import { buildTools, IDEMPOTENCY_ARGUMENT, plainSchema, toolOf } from '../../../src/main/mcp/tools.js';
import { SCOPES } from '../../../src/main/core/auth/scopes.js';
import { IDEMPOTENCY_KEY_SCHEMA, parseIdempotencyKey } from '../../../src/main/core/http/idempotency.js';

/**
 * The tools are the route table: one per open route, named from its operationId, whose input schema is
 * the route's own path, query and body schemas. A route added without its docs entry, or a tool whose
 * schema drifted from its route's, fails here.
 */
const tools = buildTools(openRoutes, openRouteDocs);
const byName = (name: string) => tools.find((t) => t.name === name)!;

describe('the tools of the open route table', () => {
  it('has one tool per route, named crossbuy_<operationId>, unique and valid for every client', () => {
    expect(tools).toHaveLength(openRoutes.length);
    const names = tools.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const [i, tool] of tools.entries()) {
      expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(tool.name).toBe(`crossbuy_${openRouteDocs[`${openRoutes[i]!.method} ${openRoutes[i]!.url}`]!.operationId}`);
      expect(tool.description.length).toBeGreaterThan(30);
    }
  });

  it('takes each route\'s own schemas: every path, query and body field, as the route declares it', () => {
    for (const [i, tool] of tools.entries()) {
      const route = openRoutes[i]!;
      const parts = [route.schema.params, route.schema.querystring, route.schema.body].map(plainSchema);
      const body = parts[2] && (parts[2].anyOf as Record<string, unknown>[] | undefined)?.find((s) => s.type === 'object');
      const fields: Record<string, unknown> = {};
      for (const part of [parts[0], parts[1], body ?? parts[2]]) Object.assign(fields, (part?.properties as object | undefined) ?? {});
      const { idempotencyKey, ...own } = tool.inputSchema.properties;
      expect(own, `${route.method} ${route.url}`).toEqual(fields);
      expect(idempotencyKey !== undefined, `${route.method} ${route.url} idempotencyKey`).toBe(route.idempotent === true || route.idempotent === 'in-handler');
      expect(tool.outputSchema.properties).toMatchObject({ data: plainSchema(route.schema.response) });
      expect(tool.annotations.readOnlyHint).toBe(route.method === 'GET' || route.scope!.endsWith(':read'));
      if (route.method === 'DELETE') expect(tool.annotations.destructiveHint).toBe(true);
    }
  });

  it('hints idempotent only what is: reads, PUT and DELETE; an Idempotency-Key route is not, and asks for an idempotencyKey', () => {
    // MCP: idempotentHint means "calling repeatedly with the same arguments has no additional effect". The
    // idempotencyKey is optional, so two identical calls of orders_create without one place two orders.
    const keyed = tools.filter((t) => t.route.idempotent);
    expect(keyed.map((t) => t.name)).toEqual(expect.arrayContaining([
      'crossbuy_orders_create', 'crossbuy_shipping_orders_create', 'crossbuy_wallet_top_ups_create', 'crossbuy_cart_items_add',
    ]));
    for (const tool of keyed) {
      expect(tool.annotations.idempotentHint, tool.name).toBe(false);
      expect(tool.description, tool.name).toMatch(/Not idempotent without a key: a repeated call acts again\. Pass an idempotencyKey, new for each action and the same on its retry/);
      // Said once: the route's own description leaves it to this note.
      expect(tool.description.match(/Pass an idempotencyKey/g), tool.name).toHaveLength(1);
      expect(tool.inputSchema.properties.idempotencyKey!.description, tool.name).toMatch(/^Sent as the Idempotency-Key header\. Pass one: .*without a key every call acts again\.$/);
    }
    for (const [i, tool] of tools.entries()) {
      const route = openRoutes[i]!;
      if (route.idempotent) continue;
      const byNature = tool.annotations.readOnlyHint || route.method === 'PUT' || route.method === 'DELETE';
      expect(tool.annotations.idempotentHint, tool.name).toBe(byNature);
      expect(tool.description, tool.name).not.toMatch(/idempotencyKey/);
    }
    expect(byName('crossbuy_profile_update').annotations.idempotentHint).toBe(true);
    expect(byName('crossbuy_cart_items_remove').annotations.idempotentHint).toBe(true);
    expect(byName('crossbuy_products_search').annotations.idempotentHint).toBe(true);
    expect(byName('crossbuy_addresses_create').annotations.idempotentHint).toBe(false);
  });

  it('has a route-docs.ts entry (operationId, description) for every route: a route added without one fails here', () => {
    const missing = openRoutes.map((r) => `${r.method} ${r.url}`).filter((key) => !openRouteDocs[key]);
    expect(missing).toEqual([]);
    // Such a route still gets a tool (the server starts), under a stand-in name made from its path.
    const undocumented = defineRoute({ method: 'GET', url: '/new/:id/thing', scope: 'orders:read', tag: 'x', summary: 'A new thing', schema: { response: Type.Object({}) }, handler: () => ({}) });
    expect(toolOf(undocumented as RouteSpec, openRouteDocs).name).toBe('crossbuy_get_new_by_id_thing');
  });

  it('lists every tool in docs/API.md, its Hints cell saying what its annotations and arguments say', () => {
    const reference = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'API.md'), 'utf8');
    for (const tool of tools) {
      const row = reference.split('\n').find((line) => line.startsWith(`| \`${tool.name}\` |`));
      expect(row, tool.name).toBeDefined();
      const hints = row!.split('|')[4]!.trim();
      const { readOnlyHint, destructiveHint, idempotentHint } = tool.annotations;
      const expected = readOnlyHint
        ? 'read'
        : [
            ...(destructiveHint ? ['destructive'] : []),
            ...(idempotentHint ? ['idempotent'] : []),
            ...(IDEMPOTENCY_ARGUMENT in tool.inputSchema.properties ? [`\`${IDEMPOTENCY_ARGUMENT}\``] : []),
          ].join(', ');
      expect(hints, tool.name).toBe(expected);
    }
  });

  it('marks in docs/API.md exactly the tools of each preset (s: shopper, t: tracker)', () => {
    const reference = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'API.md'), 'utf8');
    const marked = (mark: string) =>
      tools
        .filter((tool) => reference.split('\n').find((line) => line.startsWith(`| \`${tool.name}\` |`))!.split('|')[5]!.trim().split(' ').includes(mark))
        .map((t) => t.name);
    expect(marked('s')).toEqual(selectTools(tools, SCOPES, { preset: 'shopper' }).map((t) => t.name));
    expect(marked('t')).toEqual(selectTools(tools, SCOPES, { preset: 'tracker' }).map((t) => t.name));
  });
});

describe('tool selection', () => {
  it('keeps the presets under the 40 tools some clients pass on, each glob matching a tool', () => {
    for (const [name, globs] of Object.entries(PRESETS)) {
      expect(unmatchedGlobs(tools, globs), name).toEqual([]);
      const selected = selectTools(tools, SCOPES, { preset: name as keyof typeof PRESETS });
      expect(selected.length, name).toBeLessThanOrEqual(CLIENT_TOOL_LIMIT);
    }
    expect(selectTools(tools, SCOPES, { preset: 'tracker' }).every((t) => t.annotations.readOnlyHint)).toBe(true);
  });

  it('lists a tool only when its scope is the key\'s, and read tools only when read-only', () => {
    expect(selectTools(tools, ['cart:read']).map((t) => t.name)).toEqual(['crossbuy_cart_get']);
    expect(selectTools(tools, SCOPES, { readOnly: true }).some((t) => t.route.scope?.endsWith(':write'))).toBe(false);
    expect(selectTools(tools, SCOPES, { globs: ['crossbuy_cart_*'] }).every((t) => t.name.startsWith('crossbuy_cart_'))).toBe(true);
  });
});

describe('a session\'s cost (every POST /mcp makes one)', () => {
  it('lists from the catalog made once: the same listing objects for every session, filtered by its scopes and selection', () => {
    const catalog = new ToolCatalog(tools);
    const first = catalog.list(SCOPES, toolFilter({}));
    expect(first.map((t) => t.name)).toEqual(tools.map((t) => t.name));
    const reader = catalog.list(['orders:read'], toolFilter({ globs: ['orders_*'] }));
    expect(reader.map((t) => t.name)).toEqual(selectTools(tools, ['orders:read'], { globs: ['orders_*'] }).map((t) => t.name));
    // Not rebuilt per listing: the very objects of the first.
    for (const tool of reader) expect(first).toContain(tool);
    expect(Object.keys(first[0]!).sort()).toEqual(['annotations', 'description', 'inputSchema', 'name', 'outputSchema', 'title']);
  });

  it('selects with the preset, the globs and read-only together, each glob with or without the prefix', () => {
    const selected = tools.filter(toolFilter({ preset: 'shopper', globs: ['orders_*', 'crossbuy_cart_get'], readOnly: true })).map((t) => t.name);
    expect(selected.every((n) => n === 'crossbuy_cart_get' || n.startsWith('crossbuy_orders_'))).toBe(true);
    expect(selected).toContain('crossbuy_cart_get');
    expect(selected).toContain('crossbuy_orders_get');
    expect(selected).not.toContain('crossbuy_orders_create');
    expect(selected).not.toContain('crossbuy_orders_logistics_get');
  });

  it('shares the SDK\'s JSON Schema validator (an Ajv instance) between sessions instead of building one per server', () => {
    const session = () => createMcpServer({ catalog: new ToolCatalog(tools), scopes: () => SCOPES, selection: {}, dispatch: () => Promise.reject(new Error('unused')) });
    // The SDK keeps it in a private field: read it to prove the sharing.
    const validatorOf = (server: object) => (server as { _jsonSchemaValidator: unknown })._jsonSchemaValidator;
    expect(validatorOf(session())).toBe(validatorOf(session()));
  });
});

describe('a call as its route\'s request', () => {

  it('puts path, query, body and the idempotency key where the route reads them', () => {
    const pay = toRequest(byName('crossbuy_orders_supplements_pay'), { id: 'CB 1/2', sid: 7, idempotencyKey: 'k-1' });
    expect(pay).toMatchObject({ method: 'POST', path: '/api/v1/open/orders/CB%201%2F2/supplements/7/pay', headers: { 'idempotency-key': 'k-1', 'crossbuy-mcp-tool': 'crossbuy_orders_supplements_pay' } });
    const list = toRequest(byName('crossbuy_orders_list'), { status: 'paid', limit: 5 });
    expect(list.path).toBe('/api/v1/open/orders?limit=5&status=paid');
    expect(list.body).toBeUndefined();
    const add = toRequest(byName('crossbuy_cart_items_add'), { productId: '1', skuId: 's', quantity: 2 });
    expect(JSON.parse(add.body!)).toEqual({ productId: '1', skuId: 's', quantity: 2 });
    // A body the route may go without is left out when no field of it is given.
    expect(toRequest(byName('crossbuy_orders_cancel'), { id: 'CB1' }).body).toBeUndefined();
    expect(JSON.parse(toRequest(byName('crossbuy_orders_cancel'), { id: 'CB1', reason: 'no' }).body!)).toEqual({ reason: 'no' });
  });

  it('describes idempotencyKey by the rule the Idempotency-Key header is checked with', () => {
    const schema = byName('crossbuy_orders_create').inputSchema.properties.idempotencyKey!;
    expect(schema).toMatchObject(IDEMPOTENCY_KEY_SCHEMA);
    const fits = (value: string) => value.length >= (schema.minLength as number) && value.length <= (schema.maxLength as number) && new RegExp(schema.pattern as string).test(value);
    for (const value of ['k-1', 'x'.repeat(255), 'x'.repeat(256), 'a b', '', 'é']) {
      expect(fits(value), value).toBe((() => { try { return parseIdempotencyKey(value) === value; } catch { return false; } })());
    }
  });

  it('refuses what the URL cannot carry before any request', () => {
    expect(() => toRequest(byName('crossbuy_orders_get'), {})).toThrow(ArgumentError);
    expect(() => toRequest(byName('crossbuy_cart_get'), { extra: 1 })).toThrow(/extra is not an argument/);
  });

  it('answers the route\'s JSON as structuredContent and text, a refusal as isError', () => {
    const ok = toResult({ statusCode: 200, body: '{"data":{"a":1}}' });
    expect(ok).toEqual({ content: [{ type: 'text', text: '{"data":{"a":1}}' }], structuredContent: { data: { a: 1 } } });
    const refused = toResult({ statusCode: 409, body: '{"statusCode":409,"message":"no","error":"Conflict"}' });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toEqual({ statusCode: 409, message: 'no', error: 'Conflict' });
  });

  it('makes a tool of a route whose body field clashes with a path field: never', () => {
    const clash = defineRoute({
      method: 'POST', url: '/x/:id', scope: 'orders:write', tag: 'x', summary: 'x',
      schema: { params: Type.Object({ id: Type.String() }), body: Type.Object({ id: Type.String() }), response: Type.Object({}) },
      handler: () => ({}),
    });
    expect(() => toolOf(clash as RouteSpec, { 'POST /x/:id': { operationId: 'x_make', description: 'x' } })).toThrow(/both in the path\/query and the body/);
  });
});
