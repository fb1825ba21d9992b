import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliServers, runCli } from '../helpers/cli.js';

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
  const servers = cliServers();
  return {
    dataDir,
    async cli(...args) {
      const { stdout, code } = await runCli([...args, '--data', dataDir], { timeoutMs: 30_000 });
      return { stdout, code };
    },
    async serve() {
      const { child, url } = await servers.serve(['--data', dataDir], 20_000);
      return { child, origin: url.origin };
    },
    cleanup() {
      servers.killAll();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}
