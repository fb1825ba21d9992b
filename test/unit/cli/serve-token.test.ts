import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newUiToken, persistentUiToken, saveUiToken, uiTokenFile } from '../../../src/main/headless/ui-token.js';

/**
 * Issue 14: restarting `crossbuy serve` used to issue a new UI token, so a page left open got 401 on
 * every call until the person found the new URL. The token is now the data folder's; `--new-token`
 * replaces it and so ends the sessions opened with the old one.
 */
const CLI = resolve(import.meta.dirname, '../../../bin/crossbuy.js');
const dataDir = mkdtempSync(join(tmpdir(), 'crossbuy-ui-token-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Served {
  child: ChildProcess;
  url: URL;
  /** Everything the process wrote, both streams, while it ran. */
  output(): string;
}

function serve(...extra: string[]): Promise<Served> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data', dataDir, '--empty', ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 20_000);
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /serving at (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolvePromise({ child, url: new URL(match[1]!), output: () => out });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${out}`));
    });
  });
}

async function halt(served: Served): Promise<void> {
  if (served.child.exitCode !== null || served.child.signalCode !== null) return;
  const exited = new Promise<void>((r) => served.child.once('exit', () => r()));
  served.child.kill('SIGTERM');
  await exited;
}

/** A `crossbuy` run to its end: exit code and stderr (a non-zero exit is a result here). */
function run(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolvePromise) => {
    execFile(process.execPath, args, { timeout: 30_000 }, (error, _stdout, stderr) => {
      resolvePromise({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr });
    });
  });
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
    await halt(first);

    // A restart: the same URL is printed and the page's cookie still opens the API.
    const second = await serve();
    expect(second.url.searchParams.get('token')).toBe(token);
    expect(await pageCall(second.url.origin, cookie)).toBe(200);
    await halt(second);

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
    await halt(rotated);

    // And the rotation is kept: the next plain restart uses the new token.
    const after = await serve();
    expect(after.url.searchParams.get('token')).toBe(fresh);

    // Rotating under a live server would leave it on the old token: refused, and nothing changes.
    const refused = await run([CLI, 'serve', '--port', '0', '--data', dataDir, '--new-token']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/serves this data folder: stop it, then start again with --new-token/);
    expect(readFileSync(uiTokenFile(dataDir), 'utf8').trim()).toBe(fresh);
    const busyPort = after.url.port;
    await halt(after);

    // A rotation whose server cannot start (its port is taken) keeps the old token too.
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(Number(busyPort), '127.0.0.1', () => r()));
    try {
      const failed = await run([CLI, 'serve', '--port', busyPort, '--data', dataDir, '--new-token']);
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
