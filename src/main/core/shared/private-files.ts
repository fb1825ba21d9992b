import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The data folder holds webhook secrets, addresses and request bodies: the folder is the user's alone
 * (0700) and so is every file the app creates in it (0600), whatever the umask. On Windows the modes mean
 * little (Node maps them to the read-only bit) and are not needed: the data folder is in the user's
 * profile (%APPDATA%), which Windows already keeps private to that user.
 */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

const onWindows = process.platform === 'win32';

/**
 * Whether `path` is already the user's alone (no bit for the group or others): such a file or folder is
 * not chmod-ed again, so a read-only folder (a mounted snapshot, a backup medium) that is already private
 * can still be opened; a chmod there fails with EROFS.
 */
function alreadyPrivate(path: string): boolean {
  return (statSync(path).mode & 0o077) === 0;
}

/** Creates `dir` (and its parents) if missing and makes it the user's alone. */
export function privateDir(dir: string): void {
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  if (!onWindows && !alreadyPrivate(dir)) chmodSync(dir, PRIVATE_DIR);
}

/** Makes an existing file the user's alone; a missing one is left missing. */
export function makePrivate(file: string): void {
  if (!onWindows && existsSync(file) && !alreadyPrivate(file)) chmodSync(file, PRIVATE_FILE);
}

/**
 * Readies a SQLite database file before it is opened: its folder private, the file created 0600 if new
 * (SQLite gives the -wal, -shm and -journal files it makes the database file's own mode), and the
 * companions an older build left readable made private too.
 */
export function privateDatabaseFile(file: string): void {
  if (file === ':memory:') return;
  privateDir(dirname(file));
  // Created 0600 when new; an existing one is not opened for writing here (it may be on a read-only mount).
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE));
  makeDatabaseFilesPrivate(file);
}

/** An existing SQLite database and its companions made the user's alone; nothing is created. */
export function makeDatabaseFilesPrivate(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) makePrivate(file + suffix);
}
