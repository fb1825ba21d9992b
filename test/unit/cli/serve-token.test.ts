import { createServer } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newUiToken, persistentUiToken, saveUiToken, uiTokenFile } from '../../../src/main/headless/ui-token.js';
import { cliServers, runCli, type ServedCli } from '../../helpers/cli.js';

/**
 * Issue 14: restarting `crossbuy serve` used to issue a new UI token, so a page left open got 401 on
 * every call until the person found the new URL. The token is now the data folder's; `--new-token`
 * replaces it and so ends the sessions opened with the old one.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'crossbuy-ui-token-'));
const servers = cliServers();

afterAll(() => {
  servers.killAll();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `crossbuy serve` on the test's folder, which it does not seed. */
function serve(...extra: string[]): Promise<ServedCli> {
  return servers.serve(['--data', dataDir, '--empty', ...extra], 20_000);
}

/** Opens the printed URL as a browser would: the session cookie it sets. */
async function openPage(url: URL): Promise<string> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

/** An API call of an already open page (its cookie, the UI header) to a server at origin. */
async function pageCall(origin: string, cookie: string): Promise<number> {
  const response = await fetch(`${origin}/api/v1/open/cart`, { headers: { cookie, 'x-crossbuy-client': 'ui' } });
  await response.arrayBuffer();
  return response.status;
}

describe('the headless UI token across restarts', () => {
  it('keeps an open page working after a restart on the same folder; --new-token ends its session', async () => {
    const first = await serve();
    const token = first.url.searchParams.get('token')!;
    const cookie = await openPage(first.url);
    expect(await pageCall(first.url.origin, cookie)).toBe(200);
    await first.stop();

    // A restart: the same URL is printed and the page's cookie still opens the API.
    const second = await serve();
    expect(second.url.searchParams.get('token')).toBe(token);
    expect(await pageCall(second.url.origin, cookie)).toBe(200);
    await second.stop();

    // The token is printed in the startup URL and nowhere else.
    expect(second.output().split(token).length - 1).toBe(1);

    // Rotated: the old cookie and the old URL are refused, the new URL works.
    const rotated = await serve('--new-token');
    const fresh = rotated.url.searchParams.get('token')!;
    expect(fresh).not.toBe(token);
    expect(await pageCall(rotated.url.origin, cookie)).toBe(401);
    const oldUrl = new URL(rotated.url);
    oldUrl.searchParams.set('token', token);
    expect((await fetch(oldUrl, { redirect: 'manual' })).status).toBe(401);
    expect(await pageCall(rotated.url.origin, await openPage(rotated.url))).toBe(200);
    await rotated.stop();

    // And the rotation is kept: the next plain restart uses the new token.
    const after = await serve();
    expect(after.url.searchParams.get('token')).toBe(fresh);

    // Rotating under a live server would leave it on the old token: refused, and nothing changes.
    const refused = await runCli(['serve', '--port', '0', '--data', dataDir, '--new-token'], { timeoutMs: 30_000 });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/serves this data folder: stop it, then start again with --new-token/);
    expect(readFileSync(uiTokenFile(dataDir), 'utf8').trim()).toBe(fresh);
    const busyPort = after.url.port;
    await after.stop();

    // A rotation whose server cannot start (its port is taken) keeps the old token too.
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(Number(busyPort), '127.0.0.1', () => r()));
    try {
      const failed = await runCli(['serve', '--port', busyPort, '--data', dataDir, '--new-token'], { timeoutMs: 30_000 });
      expect(failed.code).toBe(1);
    } finally {
      await new Promise((r) => blocker.close(r));
    }
    expect(readFileSync(uiTokenFile(dataDir), 'utf8').trim()).toBe(fresh);
  }, 90_000);
});

describe('persistentUiToken', () => {
  it('stores the token for the user alone and returns it again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'crossbuy-ui-token-unit-'));
    try {
      const folder = join(dir, 'not-yet-made');
      const token = persistentUiToken(folder);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const file = uiTokenFile(folder);
      expect(readFileSync(file, 'utf8').trim()).toBe(token);
      if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(persistentUiToken(folder)).toBe(token);
      const next = newUiToken();
      saveUiToken(folder, next);
      expect(persistentUiToken(folder)).toBe(next);
      if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('replaces a file that does not hold a token (empty, cut short, edited)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'crossbuy-ui-token-unit-'));
    try {
      for (const text of ['', 'short', 'x'.repeat(43) + '!']) {
        writeFileSync(uiTokenFile(dir), text);
        const token = persistentUiToken(dir);
        expect(token).not.toBe(text);
        expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(readFileSync(uiTokenFile(dir), 'utf8').trim()).toBe(token);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what serve prints besides the page', () => {
  it('where the two APIs and the reference are, and the commands for a key and the admin token of this folder, which work as printed', async () => {
    const served = await serve();
    try {
      for (let i = 0; i < 100 && !served.output().includes('reference:'); i++) await new Promise((r) => setTimeout(r, 50));
      const origin = served.url.origin;
      const out = served.output();
      expect(out).toContain(`API: ${origin}/api/v1/open with an sk- key (npx crossbuy keys create --name script --scopes all --data ${JSON.stringify(dataDir)})`);
      expect(out).toContain(`${origin}/api/v1/admin with the admin token (npx crossbuy admin token --data ${JSON.stringify(dataDir)})`);
      expect(out).toContain(`reference: ${origin}/docs`);
      const token = (await runCli(['admin', 'token', '--data', dataDir])).stdout.trim();
      const admin = await fetch(`${origin}/api/v1/admin/clock`, { headers: { authorization: `Bearer ${token}` } });
      expect(admin.status).toBe(200);
      const docs = await fetch(`${origin}/docs`);
      expect(docs.status).toBe(200);
      await docs.arrayBuffer();
      await admin.arrayBuffer();
    } finally {
      await served.stop();
    }
  });
});
