import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
  stop(): Promise<void>;
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

/** `crossbuy serve --port 0` on a fresh data folder (with the demo catalog), as a child process. */
export async function startServer(timeoutMs = 30_000): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'crossbuy-e2e-'));
  const child = spawn(process.execPath, ['bin/crossbuy.js', 'serve', '--port', '0', '--data', dataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const cleanUp = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  let url: string;
  try {
    url = await printedUrl(child, timeoutMs);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  // Keep draining the pipes so the server never blocks on a full one.
  child.stdout!.resume();
  child.stderr!.resume();
  const parsed = new URL(url);
  return { url, origin: parsed.origin, token: parsed.searchParams.get('token') ?? '', stop: cleanUp };
}
