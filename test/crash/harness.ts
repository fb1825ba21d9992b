import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const CLI = resolve(import.meta.dirname, '../../bin/crossbuy.js');
const run = promisify(execFile);

export interface CrashHarness {
  /** The data folder every server and CLI call of the test shares. */
  dataDir: string;
  /** A `crossbuy` command on that folder; a non-zero exit is returned, not thrown (doctor's exit 1 is a result). */
  cli(...args: string[]): Promise<{ stdout: string; code: number }>;
  /** Starts `crossbuy serve --port 0` on the folder; resolves with its origin once it prints where it serves. */
  serve(): Promise<{ child: ChildProcess; origin: string }>;
  /** Kills whatever is still running and removes the folder (for afterAll). */
  cleanup(): void;
}

/** What the kill -9 tests share: a data folder, the built CLI on it, and servers that can be killed. */
export function crashHarness(prefix: string): CrashHarness {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const children: ChildProcess[] = [];
  return {
    dataDir,
    async cli(...args) {
      try {
        const { stdout } = await run(process.execPath, [CLI, ...args, '--data', dataDir], { timeout: 30_000 });
        return { stdout, code: 0 };
      } catch (error) {
        const failed = error as { stdout?: string; code?: number };
        return { stdout: failed.stdout ?? '', code: failed.code ?? 1 };
      }
    },
    serve() {
      const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      return new Promise((resolvePromise, reject) => {
        let out = '';
        let err = '';
        const timer = setTimeout(() => reject(new Error(`server did not start: ${out}${err}`)), 20_000);
        child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /serving at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (match) {
            clearTimeout(timer);
            resolvePromise({ child, origin: match[1]! });
          }
        });
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`server exited with ${code}: ${err}`));
        });
      });
    },
    cleanup() {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}
