import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromInjectResponse, toInjectRequest } from '../../../src/main/desktop/ipc-request.js';
import { isAppUrl, isPermissionAllowed, isSafeExternalUrl, secureWebPreferences } from '../../../src/main/desktop/security.js';
import { startServer } from '../../../src/main/headless/serve.js';

const page = { rendererFile: '/opt/crossbuy/out/renderer/index.html' };

describe('window security', () => {
  it('locks the renderer down per the Electron checklist', () => {
    expect(secureWebPreferences('/p.cjs')).toMatchObject({
      preload: '/p.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('knows the app page from everything else', () => {
    expect(isAppUrl('file:///opt/crossbuy/out/renderer/index.html#/cart', page)).toBe(true);
    expect(isAppUrl('file:///etc/passwd', page)).toBe(false);
    expect(isAppUrl('https://evil.example/', page)).toBe(false);
    expect(isAppUrl('http://localhost:5173/#/x', { ...page, devServerUrl: 'http://localhost:5173' })).toBe(true);
    expect(isAppUrl('http://localhost:5174/', { ...page, devServerUrl: 'http://localhost:5173' })).toBe(false);
    expect(isAppUrl('not a url', page)).toBe(false);
  });

  it('denies every permission but the clipboard write of the copy buttons', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write')).toBe(true);
    for (const p of ['media', 'geolocation', 'notifications', 'midi', 'clipboard-read', 'openExternal', 'fullscreen', 'unknown']) expect(isPermissionAllowed(p)).toBe(false);
  });

  it('opens only http(s) links externally', () => {
    expect(isSafeExternalUrl('https://item.taobao.com/item.htm?id=1')).toBe(true);
    expect(isSafeExternalUrl('file:///etc/passwd')).toBe(false);
    expect(isSafeExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeExternalUrl('smb://host/share')).toBe(false);
  });
});

describe('IPC to route mapping', () => {
  it('maps a bridge request to an operator request on the route table', () => {
    const out = toInjectRequest({ method: 'POST', path: '/api/v1/open/cart/items', body: { a: 1 }, headers: { 'idempotency-key': 'k1' } }, 'tok');
    expect(out).toEqual({
      method: 'POST',
      url: '/api/v1/open/cart/items',
      payload: '{"a":1}',
      headers: { host: '127.0.0.1', cookie: 'crossbuy_session=tok', 'x-crossbuy-client': 'ui', 'idempotency-key': 'k1', 'content-type': 'application/json' },
    });
  });

  it('forwards the world the window works on, and no other header', () => {
    const out = toInjectRequest({ method: 'GET', path: '/api/v1/admin/keys', headers: { 'crossbuy-world': 'w_abcdefghij', authorization: 'Bearer x' } }, 'tok');
    expect(out.headers).toEqual({ host: '127.0.0.1', cookie: 'crossbuy_session=tok', 'x-crossbuy-client': 'ui', 'crossbuy-world': 'w_abcdefghij' });
  });

  it('forwards a sandbox scenario the operator picked, up to 200 characters', () => {
    const out = toInjectRequest({ method: 'POST', path: '/api/v1/open/user/wallet/top-ups', headers: { 'crossbuy-scenario': 'declined' } }, 'tok');
    expect(out.headers['crossbuy-scenario']).toBe('declined');
    const long = toInjectRequest({ method: 'POST', path: '/api/v1/open/user/wallet/top-ups', headers: { 'crossbuy-scenario': 'x'.repeat(201) } }, 'tok');
    expect(long.headers).not.toHaveProperty('crossbuy-scenario');
  });

  it.each([
    [null],
    [{ method: 'TRACE', path: '/api/v1/open/cart' }],
    [{ method: 'GET', path: '/docs' }],
    [{ method: 'GET', path: '/api/v1/open/../../etc' }],
    [{ method: 'GET', path: 42 }],
  ])('refuses %j', (raw) => {
    expect(() => toInjectRequest(raw, 'tok')).toThrow();
  });

  it('gives the same answer over IPC as over HTTP', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crossbuy-ipc-'));
    const server = await startServer({ dataDir, port: 0, uiDir: null, sessionToken: 'tok' });
    try {
      for (const path of ['/api/v1/open/cart', '/api/v1/open/products/search?limit=2', '/api/v1/open/products/999999', '/api/v1/open/products/search?limit=0']) {
        const viaIpc = fromInjectResponse(await server.app.inject(toInjectRequest({ method: 'GET', path }, 'tok')));
        const viaHttp = await fetch(server.origin + path, { headers: { cookie: 'crossbuy_session=tok', 'x-crossbuy-client': 'ui' } });
        expect(viaIpc.status).toBe(viaHttp.status);
        expect(viaIpc.body).toEqual(await viaHttp.json());
      }
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('port fallback', () => {
  it('moves to the next free port when asked, and fails otherwise', async () => {
    const dirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'crossbuy-port-')));
    const first = await startServer({ dataDir: dirs[0]!, port: 0, uiDir: null });
    try {
      await expect(startServer({ dataDir: dirs[1]!, port: first.port, uiDir: null })).rejects.toThrow(/EADDRINUSE|address already in use/);
      const second = await startServer({ dataDir: dirs[2]!, port: first.port, uiDir: null, portFallback: true });
      expect(second.port).toBeGreaterThan(first.port);
      await second.stop();
    } finally {
      await first.stop();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });
});
