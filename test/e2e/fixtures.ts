import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { startServer, type TestServer } from './server';

interface Fixtures {
  /** A page signed in through the printed URL, showing the shop. */
  app: Page;
  /** The open API with the page's session cookie and the UI header (for setup and checks). */
  openApi: OpenApi;
}

export interface OpenApi {
  get<T>(path: string): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

/** A small client for one API prefix, with the page's session cookie and the UI header. */
function apiAt(request: APIRequestContext, origin: string, prefix: '/api/v1/open' | '/api/v1/admin'): OpenApi {
  const headers = { 'X-Crossbuy-Client': 'ui' };
  const unwrap = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    const body = (await response.json()) as { data: T };
    if (!response.ok()) throw new Error(`${response.status()} ${JSON.stringify(body)}`);
    return body.data;
  };
  return {
    get: async (path) => unwrap(await request.get(`${origin}${prefix}${path}`, { headers })),
    send: async (method, path, body) =>
      unwrap(await request.fetch(`${origin}${prefix}${path}`, { method, headers, ...(body === undefined ? {} : { data: body }) })),
  };
}

const openApi = (request: APIRequestContext, origin: string): OpenApi => apiAt(request, origin, '/api/v1/open');

/**
 * One server per spec file, on a fresh data folder: files cannot see each other's orders, clock moves or
 * autopilot settings. Tests within a file share it (each worker runs its files one after another).
 */
const current: { file: string; server: TestServer | null } = { file: '', server: null };

export const test = base.extend<Fixtures & { server: TestServer }, { serverTeardown: void }>({
  serverTeardown: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use();
      await current.server?.stop();
      current.server = null;
    },
    { scope: 'worker', auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use, testInfo) => {
    if (current.file !== testInfo.file || current.server === null) {
      await current.server?.stop();
      current.server = await startServer();
      current.file = testInfo.file;
    }
    await use(current.server);
  },
  baseURL: async ({ server }, use) => {
    await use(server.origin);
  },
  app: async ({ page, server }, use) => {
    await page.goto(server.url);
    await expect(page.getByRole('heading', { name: 'Shop', level: 2 })).toBeVisible();
    await use(page);
  },
  openApi: async ({ app, server }, use) => {
    await use(openApi(app.request, server.origin));
  },
});

export { expect };

/** The back office (/api/v1/admin), reached with the page's UI session like the operator pages do. */
export function adminApiOf(request: APIRequestContext, origin: string): OpenApi {
  return apiAt(request, origin, '/api/v1/admin');
}
