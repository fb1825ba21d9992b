import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * How answers travel (issue 28): JSON compressed when the client accepts it, event streams never held back
 * by a compressor, built assets cached for good when their name carries their hash, index.html never.
 */
let server: TestServer;
let uiDir: string;
const HASHED = 'assets/index-Abc123_x.js';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

beforeAll(async () => {
  // A built UI as vite writes it: index.html, a hashed script and its brotli twin beside it.
  uiDir = mkdtempSync(join(tmpdir(), 'crossbuy-ui-'));
  mkdirSync(join(uiDir, 'assets'));
  writeFileSync(join(uiDir, 'index.html'), '<!doctype html><title>crossbuy</title><div id="root"></div>');
  writeFileSync(join(uiDir, HASHED), SCRIPT);
  writeFileSync(join(uiDir, `${HASHED}.br`), brotliCompressSync(SCRIPT));
  server = await startTestServer({ uiDir });
});
afterAll(async () => {
  await server.close();
  rmSync(uiDir, { recursive: true, force: true });
});

const auth = () => ({ authorization: `Bearer ${server.key}` });
const SEARCH = '/api/v1/open/products/search?limit=20';

describe('compressed JSON answers', () => {
  it('sends a page of search results as brotli that decompresses to the same JSON as the plain answer', async () => {
    const plain = await server.running.app.inject({ method: 'GET', url: SEARCH, headers: auth() });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await server.running.app.inject({ method: 'GET', url: SEARCH, headers: { ...auth(), 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('falls back to gzip for a client that does not speak brotli', async () => {
    const plain = await server.running.app.inject({ method: 'GET', url: SEARCH, headers: auth() });
    const gz = await server.running.app.inject({ method: 'GET', url: SEARCH, headers: { ...auth(), 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves small answers and error bodies under 1 KB as they are', async () => {
    const small = await server.running.app.inject({ method: 'GET', url: '/api/v1/open/cart', headers: { ...auth(), 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const refused = await server.running.app.inject({ method: 'GET', url: '/api/v1/open/cart', headers: { 'accept-encoding': 'br' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('keeps the plain JSON of a compressed answer in the request log', async () => {
    const sent = await server.running.app.inject({ method: 'GET', url: SEARCH, headers: { ...auth(), 'accept-encoding': 'br', 'x-request-id': 'compressed-log-1' } });
    expect(sent.headers['content-encoding']).toBe('br');
    const answer = JSON.parse(brotliDecompressSync(sent.rawPayload).toString('utf8'));
    let entries: { id: string }[] = [];
    // The log's writer is a worker that batches: the entry shows within a moment.
    for (let i = 0; i < 50 && entries.length === 0; i++) {
      entries = (await server.admin('GET', '/requests?requestId=compressed-log-1')).body.data.items;
      if (entries.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(entries).toHaveLength(1);
    const detail = (await server.admin('GET', `/requests/${entries[0]!.id}`)).body.data;
    // The log keeps a body's first 4 KB: the same text as the decompressed answer, from its start.
    expect(JSON.stringify(answer).startsWith(detail.responseBody.text)).toBe(true);
    expect(detail.responseBody.text).toMatch(/^\{"data":/);
  });
});

describe('event streams under compression', () => {
  it('are not compressed and their first bytes arrive at once, not when a compressor fills a block', async () => {
    const url = new URL(`${server.running.origin}/api/v1/open/events`);
    const first = await new Promise<{ encoding: string | undefined; type: string | undefined; chunk: string }>((resolve, reject) => {
      const req = httpRequest(url, { headers: { ...auth(), 'accept-encoding': 'br, gzip' } }, (res) => {
        res.once('data', (chunk: Buffer) => {
          resolve({ encoding: res.headers['content-encoding'], type: res.headers['content-type'], chunk: chunk.toString('utf8') });
          req.destroy();
        });
      });
      req.on('error', (error) => (error.message.includes('aborted') || error.message.includes('socket hang up') ? undefined : reject(error)));
      req.setTimeout(3000, () => reject(new Error('no bytes of the event stream within 3 s')));
      req.end();
    });
    expect(first.type).toMatch(/^text\/event-stream/);
    expect(first.encoding).toBeUndefined();
    expect(first.chunk).toContain(': crossbuy events');
  });
});

describe('caching of the built UI and of generated images', () => {
  it('serves a hashed asset precompressed, immutable for a year, and answers its ETag with 304', async () => {
    const first = await server.running.app.inject({ method: 'GET', url: `/${HASHED}`, headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(first.rawPayload).toString('utf8')).toBe(SCRIPT);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await server.running.app.inject({ method: 'GET', url: `/${HASHED}`, headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('never lets the browser keep index.html', async () => {
    const page = await server.running.app.inject({ method: 'GET', url: '/', headers: { cookie: 'crossbuy_session=test-session-token' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toMatch(/no-store|no-cache/);
  });

  it('keeps a product picture for good at the URL the API gives (it names the bytes), revalidates any other', async () => {
    const search = await server.running.app.inject({ method: 'GET', url: SEARCH, headers: auth() });
    const imageUrl = new URL(search.json().data.items[0].imageUrl as string);
    expect(imageUrl.pathname).toMatch(/^\/media\/products\/\d+\/0\.svg$/);
    expect(imageUrl.searchParams.get('v')).toMatch(/^[0-9a-z]+$/);

    const named = await server.running.app.inject({ method: 'GET', url: imageUrl.pathname + imageUrl.search, headers: { 'accept-encoding': 'gzip' } });
    expect(named.statusCode).toBe(200);
    expect(named.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(named.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(named.rawPayload).toString('utf8')).toMatch(/^<svg /);

    // The bare path (a cart line's or an order's stored picture) or a stale digest: revalidated every time.
    for (const url of [imageUrl.pathname, `${imageUrl.pathname}?v=stale`]) {
      const other = await server.running.app.inject({ method: 'GET', url });
      expect(other.statusCode).toBe(200);
      expect(other.headers['cache-control']).toBe('no-cache');
      expect(other.headers.etag).toBe(named.headers.etag);
    }
    const unchanged = await server.running.app.inject({ method: 'GET', url: imageUrl.pathname, headers: { 'if-none-match': named.headers.etag as string } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
  });
});
