import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminClient, createClient, unwrap, type CrossbuyError } from 'crossbuy/client';
import { readDocuments, operationsOf } from '../helpers/openapi-documents.js';
import { request, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * worlds.md section 1: the admin token works on the default world, and `Crossbuy-World: <id>` selects
 * another one (unknown: 404). The admin OpenAPI document declares that header on exactly the operations
 * where the server honours it (every admin route but the registry's `/worlds...`, which never enter the
 * header's world), so the typed admin client sends it per call; the open document declares it nowhere
 * (there the key selects the world and the header is ignored).
 */
let server: TestServer;
type Parameter = { in: string; name: string; required?: boolean; schema?: { type?: string }; description?: string };
type Operation = { parameters?: Parameter[]; responses: Record<string, unknown> };
type Document = { paths: Record<string, Record<string, Operation>> };
const documents: { open?: Document; admin?: Document } = {};

beforeAll(async () => {
  server = await startTestServer();
  Object.assign(documents, await readDocuments<Document>(server));
});
afterAll(() => server.close());

const operations = (doc: Document) => operationsOf(doc);
const worldHeader = (op: Operation) => op.parameters?.find((p) => p.in === 'header' && p.name === 'Crossbuy-World');
const isRegistry = (path: string) => path === '/worlds' || path.startsWith('/worlds/');
const UNKNOWN_WORLD = 'w_no_such_world_00';

describe('the admin OpenAPI document and Crossbuy-World', () => {
  it('declares the optional header (and its 404) on every per-world operation, and not on the registry routes', () => {
    const ops = operations(documents.admin!);
    const registry = ops.filter((o) => isRegistry(o.path));
    expect(registry.length).toBeGreaterThanOrEqual(9);
    expect(ops.length - registry.length).toBeGreaterThan(40);
    for (const { method, path, op } of ops) {
      const key = `${method.toUpperCase()} ${path}`;
      const header = worldHeader(op);
      if (isRegistry(path)) {
        expect(header, `${key} works on the registry: it ignores Crossbuy-World`).toBeUndefined();
        continue;
      }
      expect(header, `${key} works per world: it declares Crossbuy-World`).toBeDefined();
      expect(header!.required, key).toBe(false);
      expect(header!.schema?.type, key).toBe('string');
      expect(header!.description, key).toMatch(/w_.*10 to 40.*\[a-z0-9_-\]/);
      expect(header!.description, key).toMatch(/Absent: the default world/);
      expect(header!.description, key).toMatch(/world_not_found/);
      expect(op.responses['404'], `${key}: an unknown world is a 404`).toEqual({ $ref: '#/components/responses/NotFound' });
    }
  });

  it('declares it nowhere in the open document (there the key selects the world)', () => {
    for (const { method, path, op } of operations(documents.open!)) expect(worldHeader(op), `${method.toUpperCase()} ${path}`).toBeUndefined();
  });

  it('matches the server: an unknown world is 404 world_not_found exactly where the header is declared', async () => {
    const origin = server.running.origin;
    for (const { method, path, op } of operations(documents.admin!)) {
      // Path parameters name nothing that exists, and a body with an unknown field is refused before any
      // handler runs: whatever the server does with the header, nothing is changed.
      const url = `/api/v1/admin${path.replace(/\{[A-Za-z0-9_]+\}/g, UNKNOWN_WORLD)}`;
      const answer = await request(origin, method.toUpperCase(), url, {
        bearer: server.running.core.adminToken,
        headers: { 'Crossbuy-World': UNKNOWN_WORLD },
        ...(method === 'get' ? {} : { body: { crossbuyProbe: 1 } }),
      });
      const key = `${method.toUpperCase()} ${path}`;
      if (worldHeader(op)) {
        expect([answer.status, answer.body?.code], key).toEqual([404, 'world_not_found']);
      } else {
        expect(answer.body?.code, `${key} ignores the header`).not.toBe('world_not_found');
      }
    }
  });
});

describe('the typed admin client picks the world per call', () => {
  it('sends Crossbuy-World from params.header: a deposit and a clock advance reach that world only', async () => {
    const baseUrl = server.running.origin;
    const admin = createAdminClient({ baseUrl, adminToken: server.running.core.adminToken });
    const world = await unwrap(admin.POST('/worlds', { body: { id: 'w_typed_client_01', seed: 7, clockStart: '2026-03-02T09:00:00Z' } }));
    expect(world.frozen).toBe(true);
    const inWorld = { header: { 'Crossbuy-World': world.id } };
    const worldShop = createClient({ baseUrl, apiKey: world.key.secret });
    const defaultShop = createClient({ baseUrl, apiKey: server.key });
    const balances = async () => [(await unwrap(worldShop.GET('/user/wallet/balance'))).balance, (await unwrap(defaultShop.GET('/user/wallet/balance'))).balance];
    const [worldBefore, defaultBefore] = await balances();

    await unwrap(admin.POST('/wallet/deposit', { params: inWorld, body: { amount: 123.45 } }));
    const [worldAfter, defaultAfter] = await balances();
    expect(worldAfter).toBeCloseTo(worldBefore! + 123.45, 2);
    expect(defaultAfter).toBe(defaultBefore);

    // The world's frozen clock moves when told, through the header; the default world's does not.
    const defaultClock = (await unwrap(admin.GET('/clock'))).now;
    expect((await unwrap(admin.GET('/clock', { params: inWorld }))).now).toBe('2026-03-02T09:00:00.000Z');
    await unwrap(admin.POST('/clock/advance', { params: inWorld, body: { by: '3d' } }));
    expect((await unwrap(admin.GET('/clock', { params: inWorld }))).now).toBe('2026-03-05T09:00:00.000Z');
    expect(Date.parse((await unwrap(admin.GET('/clock'))).now) - Date.parse(defaultClock)).toBeLessThan(60_000);
    // `default` names the default world.
    expect((await unwrap(admin.GET('/clock', { params: { header: { 'Crossbuy-World': 'default' } } }))).now).not.toBe('2026-03-05T09:00:00.000Z');

    // An unknown world: 404 world_not_found, typed as the error shape.
    const missing = await admin.GET('/clock', { params: { header: { 'Crossbuy-World': UNKNOWN_WORLD } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.code).toBe('world_not_found');
    await expect(unwrap(admin.POST('/wallet/deposit', { params: { header: { 'Crossbuy-World': UNKNOWN_WORLD } }, body: { amount: 1 } }))).rejects.toMatchObject({
      statusCode: 404,
      code: 'world_not_found',
    } satisfies Partial<CrossbuyError>);

    // The registry's routes take no such header (they ignore it): the types say so too.
    // @ts-expect-error: GET /worlds works on the registry, whatever world a header would name
    void admin.GET('/worlds', { params: { header: { 'Crossbuy-World': world.id } } });
    const { error } = await admin.DELETE('/worlds/{id}', { params: { path: { id: world.id } } });
    expect(error).toBeUndefined();
    expect((await worldShop.GET('/user/wallet/balance')).response.status).toBe(401);
  });
});
