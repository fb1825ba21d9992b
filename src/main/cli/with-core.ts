import { accessSync, constants, existsSync } from 'node:fs';
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

/** A data folder crossbuy cannot write to (a read-only mount, a backup medium): one sentence, not an errno. */
export class DataFolderReadOnly extends Error {
  constructor(dir: string, cause: unknown) {
    super(`the data folder ${dir} is read-only (${cause instanceof Error ? cause.message : String(cause)}): crossbuy writes to its folder even to read it (the database's WAL); copy it to a writable place (cp -a) and give --data the copy`, { cause });
  }
}

/** Whether `dir` can be written to by this process (a read-only mount answers EROFS). */
export function writableFolder(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * A failure that comes from the folder being read-only: EROFS or SQLite's READONLY codes; with `opening`,
 * any failure to open a folder that cannot be written to (SQLite's CANTOPEN for a WAL file it cannot make).
 */
export function readOnlyFailure(error: unknown, dir: string, opening = false): DataFolderReadOnly | null {
  if (error instanceof DataFolderReadOnly) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const readOnlyCode = code === 'EROFS' || (typeof code === 'string' && code.startsWith('SQLITE_READONLY'));
  return readOnlyCode || (opening && existsSync(dir) && !writableFolder(dir)) ? new DataFolderReadOnly(dir, error) : null;
}

/**
 * The core on `dir`; a folder that cannot be written to says so in one sentence.
 */
function opened(dir: string): Core {
  const fresh = !existsSync(databaseFile(dir));
  let core: Core;
  try {
    core = openCore({ dataDir: dir });
  } catch (error) {
    throw readOnlyFailure(error, dir, true) ?? error;
  }
  if (fresh) process.stderr.write(`crossbuy: ${dir} had no data: started it with the demo data (another folder: --data DIR or CROSSBUY_DATA)\n`);
  return core;
}

/** A "not found" answer names the folder it looked in. */
function inFolder(error: unknown, dir: string): unknown {
  return error instanceof ApiError && error.statusCode === 404 ? new Error(`${error.message} (data folder ${dir})`, { cause: error }) : error;
}

/**
 * Opens the core on a data dir for one CLI command, and always closes it. `existing`: the command only
 * reads, so a folder without a database is refused (noDatabaseMessage) rather than created and seeded.
 */
export function withCore<T>(dataFlag: string | undefined, work: (core: Core) => T, options: { existing?: boolean } = {}): T {
  const dir = options.existing ? existingDataDir(dataFlag) : resolveDataDir(dataFlag);
  const core = opened(dir);
  try {
    return work(core);
  } catch (error) {
    throw readOnlyFailure(error, dir) ?? inFolder(error, dir);
  } finally {
    core.close();
  }
}

/** The same for a command that awaits (a clock advance in slices, a streaming check). */
export async function withCoreAsync<T>(dataFlag: string | undefined, work: (core: Core) => Promise<T>, options: { existing?: boolean } = {}): Promise<T> {
  const dir = options.existing ? existingDataDir(dataFlag) : resolveDataDir(dataFlag);
  const core = opened(dir);
  try {
    return await work(core);
  } catch (error) {
    throw readOnlyFailure(error, dir) ?? inFolder(error, dir);
  } finally {
    core.close();
  }
}

/** withCore for a command that works on data already there: a folder without a database is refused, not seeded. */
export function withExistingCore<T>(dataFlag: string | undefined, work: (core: Core) => T): T {
  return withCore(dataFlag, work, { existing: true });
}

/** withCoreAsync for a command that works on data already there. */
export function withExistingCoreAsync<T>(dataFlag: string | undefined, work: (core: Core) => Promise<T>): Promise<T> {
  return withCoreAsync(dataFlag, work, { existing: true });
}
