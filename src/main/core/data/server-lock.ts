import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { PRIVATE_FILE } from '../shared/private-files.js';
import { join } from 'node:path';

/**
 * `<data>/server.pid`: which process serves this folder. Written by startServer, removed by its stop, so
 * commands that must not run under a live server (`crossbuy data restore`) can say who holds the folder.
 * A file left by a process that died is ignored (the pid is checked).
 */
export const SERVER_LOCK_FILE = 'server.pid';

export interface ServerLock {
  pid: number;
  origin: string;
}

export function writeServerLock(dataDir: string, origin: string): void {
  if (dataDir === ':memory:') return;
  writeFileSync(join(dataDir, SERVER_LOCK_FILE), `${JSON.stringify({ pid: process.pid, origin })}\n`, { mode: PRIVATE_FILE });
}

/** Removes the lock if it is this process's (a second server on the folder must not remove the first's). */
export function removeServerLock(dataDir: string): void {
  if (dataDir === ':memory:') return;
  if (serverHolding(dataDir)?.pid === process.pid) rmSync(join(dataDir, SERVER_LOCK_FILE), { force: true });
}

/** The live server holding the folder, or null (no lock file, or its process is gone). */
export function serverHolding(dataDir: string): ServerLock | null {
  let lock: ServerLock;
  try {
    lock = JSON.parse(readFileSync(join(dataDir, SERVER_LOCK_FILE), 'utf8')) as ServerLock;
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(lock.pid) || lock.pid <= 0) return null;
  try {
    process.kill(lock.pid, 0);
    return lock;
  } catch (error) {
    // EPERM: the process exists but is another user's; still a live holder.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? lock : null;
  }
}
