import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const READY = /crossbuy is serving at (http:\/\/\S+)/;

export interface TestServer {
  /** The printed UI URL, with its token. */
  url: string;
  /** http://127.0.0.1:PORT */
  origin: string;
  token: string;
  /** Stops the server and deletes its data folder. */
  stop(): Promise<void>;
  /** Stops the process (SIGTERM, a clean stop) and keeps the data folder, as a person stopping it would. */
  halt(): Promise<void>;
  /**
   * Starts `crossbuy serve` again on the same data folder and port. The UI token is kept in the data
   * folder, so the new process prints the same URL and an open page keeps its session; url and token are
   * read again from what it printed all the same. `newToken` starts it with `--new-token`, which replaces
   * the folder's token and so ends the sessions of pages opened with the old one.
   */
  resume(options?: { newToken?: boolean }): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Resolves with the URL the server prints, rejects when it exits or stays silent first. */
function printedUrl(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const done = (error: Error | null, url?: string) => {
      clearTimeout(timer);
      child.stdout!.off('data', onOut);
      child.stderr!.off('data', onErr);
      child.off('exit', onExit);
      child.off('error', onError);
      if (error) reject(new Error(`${error.message}\n${output}`));
      else resolve(url!);
    };
    const onOut = (chunk: Buffer) => {
      output += chunk.toString();
      const match = READY.exec(output);
      if (match) done(null, match[1]!);
    };
    const onErr = (chunk: Buffer) => {
      output += chunk.toString();
    };
    const onExit = (code: number | null) => done(new Error(`crossbuy serve exited (${code}) before it was ready`));
    const onError = (error: Error) => done(error);
    const timer = setTimeout(() => done(new Error(`crossbuy serve printed no URL in ${timeoutMs} ms`)), timeoutMs);
    child.stdout!.on('data', onOut);
    child.stderr!.on('data', onErr);
    child.on('exit', onExit);
    child.on('error', onError);
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited(child);
  clearTimeout(killer);
}

/** One `crossbuy serve` child on a data folder and port, once it has printed its URL. */
async function spawnServe(dataDir: string, port: number, timeoutMs: number, extra: string[] = []): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['bin/crossbuy.js', 'serve', '--port', String(port), '--data', dataDir, ...extra], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await printedUrl(child, timeoutMs);
    // Keep draining the pipes so the server never blocks on a full one.
    child.stdout!.resume();
    child.stderr!.resume();
    return { child, url };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

/**
 * Packing adds nothing over the quoted weight unless a spec says so (v1.2 packed weight): a dispatch then
 * captures the fee held, as the specs written before weighing expect (test/helpers/server.ts does the same
 * for the API tests). A spec about weighing sets the figures itself.
 */
async function packAsQuoted(dataDir: string, origin: string): Promise<void> {
  const adminToken = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
  const response = await fetch(`${origin}/api/v1/admin/warehouse/figures`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ packingMinBp: 0, packingMaxBp: 0 }),
  });
  if (!response.ok) throw new Error(`setting the packing figures: ${response.status} ${await response.text()}`);
}

/** `crossbuy serve --port 0` on a fresh data folder (with the demo catalog), as a child process. */
export async function startServer(timeoutMs = 30_000): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'crossbuy-e2e-'));
  let running: ChildProcess | null = null;
  const halt = async () => {
    if (running) await stopChild(running);
    running = null;
  };
  const start = async (port: number, extra: string[] = []) => {
    const { child, url } = await spawnServe(dataDir, port, timeoutMs, extra);
    running = child;
    return new URL(url);
  };
  let printed: URL;
  try {
    printed = await start(0);
    await packAsQuoted(dataDir, printed.origin);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const server: TestServer = {
    url: printed.href,
    origin: printed.origin,
    token: printed.searchParams.get('token') ?? '',
    halt,
    async resume(options = {}) {
      if (running) throw new Error('the server is running: halt it first');
      const again = await start(Number(printed.port), options.newToken ? ['--new-token'] : []);
      server.url = again.href;
      server.token = again.searchParams.get('token') ?? '';
    },
    async stop() {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
