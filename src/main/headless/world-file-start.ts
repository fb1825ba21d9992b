import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { applyWorldFile, type ApplyResult } from '../core/worlds/file/apply.js';
import { loadWorldFile } from '../core/worlds/file/load.js';
import { localWorldTarget } from '../core/worlds/file/local-target.js';
import { worldIdentity } from '../core/world/identity.js';
import { startServer, type RunningServer, type ServeOptions } from './serve.js';

/**
 * A server whose default world is a world file applied to an empty data folder (`crossbuy serve
 * --world-file`, `crossbuy world apply`): the folder is made with the reference data alone (or the demo
 * data when the file says so), the clock at the file's clockStart, and the steps run through the server's
 * own route table with a key made for them.
 */
export interface WorldFileStart {
  file: unknown;
  /** The file's folder: its includes resolve there. */
  baseDir: string | null;
  /** Overrides the file's seed. */
  seed?: number;
  /** A clock that moves only when told (default true, as a world made from a file: worlds.md section 1). */
  frozen?: boolean;
  vars?: Record<string, unknown>;
}

export interface WorldFileServer {
  running: RunningServer;
  applied: ApplyResult;
  /** The key the steps ran with (every scope): the one a script then uses. */
  key: { id: number; secret: string };
  seed: number;
  clockStart: string | null;
}

/** A world file is applied to a new folder only: an existing world is never half rewritten. */
export function checkEmptyFolder(dataDir: string): void {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} is not empty: a world file is applied to a new data folder only (give --data a new or empty folder)`);
  }
}

export async function startWorldFileServer(options: Omit<ServeOptions, 'empty' | 'referenceData' | 'clockStart' | 'seed' | 'frozen' | 'applyFile'> & { world: WorldFileStart }): Promise<WorldFileServer> {
  const { world, ...serve } = options;
  // Checked (and includes read) before anything is written.
  const loaded = loadWorldFile(world.file, world.baseDir);
  checkEmptyFolder(serve.dataDir);
  const running = await startServer({ ...serve, empty: !loaded.demo, referenceData: true, applyFile: applyWorldFile, clockStart: loaded.clockStart ?? undefined, seed: world.seed ?? loaded.seed ?? undefined, frozen: world.frozen ?? true });
  try {
    const target = await localWorldTarget(running.app, running.core.adminToken);
    const applied = await applyWorldFile(target, world.file, { baseDir: world.baseDir, vars: world.vars });
    const identity = worldIdentity(running.core.ctx);
    return { running, applied, key: { id: target.keyId, secret: target.openKey }, seed: identity.seed, clockStart: identity.clockStart };
  } catch (error) {
    await running.stop();
    // The folder was empty: what the failed file made goes, so a corrected file can be applied to it again.
    for (const entry of readdirSync(serve.dataDir)) rmSync(join(serve.dataDir, entry), { recursive: true, force: true });
    throw error;
  }
}
