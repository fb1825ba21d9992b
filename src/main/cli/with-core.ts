import { existsSync } from 'node:fs';
import { openCore, type Core } from '../core/index.js';
import { databaseFile } from '../core/data-dir.js';
import { ApiError } from '../core/shared/errors.js';
import { resolveDataDir } from './args.js';

/**
 * A command reading a folder that holds nothing yet (most often the per-OS folder, where a script used
 * --data elsewhere) says which folder it read, so "no API keys" or "order not found" is not a mystery.
 */
export function noDatabaseMessage(dir: string): string {
  return `no crossbuy data in ${dir} (another folder: --data DIR or CROSSBUY_DATA)`;
}

/**
 * The data folder of a command that only reads (or backs up, restores, exports): stops, naming the
 * folder, where there is no database, since opening it would create and seed a new one.
 */
export function existingDataDir(flag: string | undefined): string {
  const dir = resolveDataDir(flag);
  if (!existsSync(databaseFile(dir))) throw new Error(noDatabaseMessage(dir));
  return dir;
}

function opened(dir: string): Core {
  const fresh = !existsSync(databaseFile(dir));
  const core = openCore({ dataDir: dir });
  if (fresh) process.stderr.write(`crossbuy: ${dir} had no data: started it with the demo data (another folder: --data DIR or CROSSBUY_DATA)\n`);
  return core;
}

/** A "not found" answer names the folder it looked in. */
function inFolder(error: unknown, dir: string): unknown {
  return error instanceof ApiError && error.statusCode === 404 ? new Error(`${error.message} (data folder ${dir})`, { cause: error }) : error;
}

/** Opens the core on a data dir for one CLI command, and always closes it. */
export function withCore<T>(dataFlag: string | undefined, work: (core: Core) => T): T {
  const dir = resolveDataDir(dataFlag);
  const core = opened(dir);
  try {
    return work(core);
  } catch (error) {
    throw inFolder(error, dir);
  } finally {
    core.close();
  }
}

/** The same for a command that awaits (a clock advance in slices, a streaming check). */
export async function withCoreAsync<T>(dataFlag: string | undefined, work: (core: Core) => Promise<T>): Promise<T> {
  const dir = resolveDataDir(dataFlag);
  const core = opened(dir);
  try {
    return await work(core);
  } catch (error) {
    throw inFolder(error, dir);
  } finally {
    core.close();
  }
}
