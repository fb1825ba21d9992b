import type { FastifyInstance } from 'fastify';
import { createApiKey } from '../../src/main/core/auth/api-keys.js';
import { SCOPES } from '../../src/main/core/auth/scopes.js';
import { AutopilotTimer } from '../../src/main/core/autopilot/autopilot.js';
import { EventFeed } from '../../src/main/core/events/feed.js';
import { WebhookDispatcher } from '../../src/main/core/webhooks/dispatcher.js';
import { WorldRuntime } from '../../src/main/core/worlds/runtime.js';
import { Worlds } from '../../src/main/core/worlds/worlds.js';
import { lastEventId } from '../../src/main/core/events/log.js';
import { buildServer } from '../../src/main/core/http/server.js';
import { openCore, type Core } from '../../src/main/core/index.js';
import type { CoreContext } from '../../src/main/core/context.js';

/**
 * One world (a core) behind its HTTP API, driven by `inject` (no socket), and a full dump of what its
 * open and admin APIs show: the tool of the "same seed, same world" tests (worlds.md section 3).
 */
export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  body: any;
}

/** What a dump reads of a world: its two APIs as one client sees them, and its event log. */
export interface DumpTarget {
  readonly app: FastifyInstance;
  /** A key with every scope (its secret differs between runs: exempt from the promise). */
  readonly key: string;
  readonly adminToken: string;
  /** The world's id when it is not the default world: masked, as two worlds in one server differ by it. */
  readonly worldId?: string;
  /** The world's context and followed event log (the SSE route replays up to where the feed stands). */
  readonly ctx: CoreContext;
  readonly feed: EventFeed;
  open(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  admin(method: string, path: string, body?: unknown): Promise<Answer>;
}

export interface TestWorld extends DumpTarget {
  readonly core: Core;
  close(): Promise<void>;
}

export interface TestWorldOptions {
  seed: number;
  clockStart?: string;
  /** Default true: a test world's clock moves only when told. */
  frozen?: boolean;
  /** Default ':memory:'. */
  dataDir?: string;
}

const SESSION = 'world-dump-session';

export async function openTestWorld(options: TestWorldOptions): Promise<TestWorld> {
  const core = openCore({
    dataDir: options.dataDir ?? ':memory:',
    seed: options.seed,
    frozen: options.frozen ?? true,
    clockStart: options.clockStart ?? '2026-03-02T09:00:00.000Z',
  });
  const feed = new EventFeed(core.ctx);
  const autopilot = new AutopilotTimer(core.ctx);
  const worlds = new Worlds({ defaultRuntime: WorldRuntime.ofDefault(core, feed, autopilot, new WebhookDispatcher(core.ctx)), dataDir: options.dataDir ?? ':memory:' });
  const app = await buildServer({ worlds, secrets: { sessionToken: SESSION, adminTokenHash: core.adminTokenHash }, uiDir: null });
  const key = createApiKey(core.ctx, { name: 'world test', scopes: [...SCOPES], rateLimit: 1_000_000 }).key;
  return {
    ...clientOf(app, key, core.adminToken),
    core,
    ctx: core.ctx,
    feed,
    async close() {
      feed.stop();
      await app.close();
      core.close();
    },
  };
}

/** The open API with `key` and the admin API with `adminToken` (on world `worldId`, else the default one), by inject. */
function clientOf(app: FastifyInstance, key: string, adminToken: string, worldId?: string): Pick<DumpTarget, 'app' | 'key' | 'adminToken' | 'worldId' | 'open' | 'admin'> {
  const send = async (base: string, bearer: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const response = await app.inject({
      method: method as 'GET',
      url: base + path,
      headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = response.body;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // CSV or other text: kept as text
    }
    return { status: response.statusCode, body: parsed };
  };
  const world: Record<string, string> = worldId ? { 'crossbuy-world': worldId } : {};
  return {
    app,
    key,
    adminToken,
    worldId,
    open: (method, path, body, headers) => send('/api/v1/open', key, method, path, body, headers),
    admin: (method, path, body) => send('/api/v1/admin', adminToken, method, path, body, world),
  };
}

/**
 * A world of the registry (made by POST /admin/worlds on the server `app` serves, whose `worlds` it is) as
 * a dump target: `key` is the secret the create answered with.
 */
export function registryWorld(app: FastifyInstance, worlds: Worlds, id: string, key: string, adminToken: string): DumpTarget {
  const runtime = () => {
    const open = worlds.runtime(id);
    if (!open) throw new Error(`world ${id} is not registered`);
    return open;
  };
  return {
    ...clientOf(app, key, adminToken, id),
    get ctx() {
      return runtime().ctx;
    },
    get feed() {
      return runtime().feed;
    },
  };
}

/** Key secrets, ids and webhook secrets differ between runs by design: masked wherever they appear. */
function mask(text: string, world: DumpTarget): string {
  const masked = text.replaceAll(world.key, 'sk-<masked>').replaceAll(world.adminToken, 'adm-<masked>');
  return (world.worldId ? masked.replaceAll(world.worldId, 'w_<masked>') : masked)
    .replace(/whsec_[A-Za-z0-9]+/g, 'whsec_<masked>');
}

const KEY_FIELDS_MASKED = new Set(['id', 'prefix', 'last4', 'preview', 'lastUsedAt', 'key', 'secret']);

/** Every item of a paged list (`{ data: { items, total } }`), page by page. */
async function allPages(get: (path: string) => Promise<Answer>, path: string): Promise<Answer> {
  const items: unknown[] = [];
  const join = path.includes('?') ? '&' : '?';
  for (let page = 1; ; page++) {
    const answer = await get(`${path}${join}page=${page}&limit=100`);
    if (answer.status !== 200) return answer;
    const data = (answer.body.data ?? answer.body) as { items?: unknown[]; total: number } | unknown[];
    if (Array.isArray(data)) return { status: 200, body: { total: data.length, items: data } }; // a list that is not paged
    if (!Array.isArray(data.items)) throw new Error(`${path} is not a paged list: ${JSON.stringify(answer.body).slice(0, 200)}`);
    items.push(...data.items);
    if (data.items.length === 0 || items.length >= data.total) return { status: 200, body: { total: data.total, items } };
  }
}

/**
 * Replays the event log from 0 over the open API's SSE route, up to its last event. A stream never ends by
 * itself, so this one is read over a socket (the server listens on a free port for it) and dropped once
 * the last event is in.
 */
async function replayEvents(world: DumpTarget): Promise<string> {
  world.feed.poll();
  const last = lastEventId(world.ctx);
  if (!world.app.server.listening) await world.app.listen({ port: 0, host: '127.0.0.1' });
  const address = world.app.server.address() as { port: number };
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${address.port}/api/v1/open/events`, {
    headers: { authorization: `Bearer ${world.key}`, 'last-event-id': '0' },
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const done = `id: ${last}\n`;
  while (last > 0 && !text.includes(done)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  controller.abort();
  await reader.cancel().catch(() => undefined);
  return text;
}

/**
 * The observable state of a world: open and admin lists (the catalog too), every detail they name, the wallet statement,
 * the events replayed from 0 and the CSV exports, as one text. Two worlds with the same seed, sent the
 * same requests, must give the same text byte for byte.
 */
export async function dumpWorld(world: DumpTarget): Promise<string> {
  const open = (path: string) => world.open('GET', path);
  const admin = (path: string) => world.admin('GET', path);
  const dump: Record<string, unknown> = {};
  const put = (name: string, answer: Answer) => (dump[name] = answer.status === 200 ? answer.body : { status: answer.status, body: answer.body });

  for (const path of [
    '/user/profile',
    '/user/wallet/balance',
    '/user/addresses',
    '/user/favorites',
    '/user/coupons/my',
    '/user/coupons/available',
    '/cart',
    '/warehouse/packages/stats',
    '/warehouse/packages/shippable',
    '/warehouse/services',
  ]) {
    put(`open ${path}`, await open(path));
  }
  put('open /user/wallet/transactions', await allPages(open, '/user/wallet/transactions'));
  put('open /products/search', await allPages(open, '/products/search'));

  const orders = await allPages(open, '/orders');
  put('open /orders', orders);
  for (const order of (orders.body.items ?? []) as { orderNo: string }[]) {
    for (const tail of ['', '/status', '/logistics', '/inspection', '/supplements', '/returns']) {
      put(`open /orders/${order.orderNo}${tail}`, await open(`/orders/${order.orderNo}${tail}`));
    }
    put(`admin /orders/${order.orderNo}`, await admin(`/orders/${order.orderNo}`));
  }
  const packages = await allPages(open, '/warehouse/packages');
  put('open /warehouse/packages', packages);
  for (const pkg of (packages.body.items ?? []) as { id: number }[]) put(`open /warehouse/packages/${pkg.id}`, await open(`/warehouse/packages/${pkg.id}`));
  const shipping = await allPages(open, '/shipping/orders');
  put('open /shipping/orders', shipping);
  for (const so of (shipping.body.items ?? []) as { orderNo: string }[]) put(`open /shipping/orders/${so.orderNo}`, await open(`/shipping/orders/${so.orderNo}`));
  const rehearsals = await allPages(open, '/shipping/rehearsals');
  put('open /shipping/rehearsals', rehearsals);
  for (const r of (rehearsals.body.items ?? []) as { id: string }[]) put(`open /shipping/rehearsals/${r.id}`, await open(`/shipping/rehearsals/${r.id}`));

  put('admin /orders', await allPages(admin, '/orders'));
  put('admin /returns/pending', await allPages(admin, '/returns/pending'));
  put('admin /warehouse/service-requests', await allPages(admin, '/warehouse/service-requests'));
  put('admin /shipping/rehearsals', await allPages(admin, '/shipping/rehearsals'));
  for (const path of ['/clock', '/autopilot', '/settings', '/warehouse/figures', '/channels', '/logistics/countries']) put(`admin ${path}`, await admin(path));
  const webhooks = await admin('/webhooks');
  put('admin /webhooks', webhooks);
  const keys = await admin('/keys');
  put('admin /keys', {
    status: keys.status,
    body: JSON.parse(JSON.stringify(keys.body), (field: string, value: unknown) => (KEY_FIELDS_MASKED.has(field) ? '<masked>' : value)) as unknown,
  });

  for (const kind of ['orders', 'transactions', 'shipping']) {
    const response = await world.app.inject({ method: 'GET', url: `/api/v1/open/exports/${kind}.csv`, headers: { authorization: `Bearer ${world.key}` } });
    dump[`export ${kind}.csv`] = { status: response.statusCode, disposition: response.headers['content-disposition'], body: response.body };
  }
  dump['events from 0'] = await replayEvents(world);
  return mask(JSON.stringify(dump, null, 1), world);
}
