import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { makePrivate, privateDir, PRIVATE_FILE } from '../core/shared/private-files.js';
import { join } from 'node:path';
import { randomToken } from '../core/shared/random.js';

/**
 * The headless UI's session token, kept per data folder so that restarting `crossbuy serve` does not lock
 * out a page that is already open (its cookie holds the token). Like the admin token it lives in the data
 * folder, readable only by the user; `crossbuy serve --new-token` replaces it, which ends every session
 * opened with the old one. It is printed only as part of the startup URL.
 */
export const uiTokenFile = (dataDir: string) => join(dataDir, 'ui-token');

/** 32 random bytes as base64url: what randomToken(32) makes. Anything else in the file is not ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The folder's token, or null when there is none or the file does not hold one. */
export function storedUiToken(dataDir: string): string | null {
  let text: string;
  try {
    text = readFileSync(uiTokenFile(dataDir), 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return TOKEN_SHAPE.test(text) ? text : null;
}

export function newUiToken(): string {
  return randomToken(32);
}

/** Keeps the token as the folder's, readable by the user alone. */
export function saveUiToken(dataDir: string, token: string): void {
  privateDir(dataDir);
  const file = uiTokenFile(dataDir);
  // Written aside and renamed: a crash mid-write never leaves a half token that would lock the page out.
  const temp = `${file}.${process.pid}.tmp`;
  try {
    const fd = openSync(temp, 'w', PRIVATE_FILE);
    try {
      writeFileSync(fd, `${token}\n`);
      // On disk before the rename: after a power cut the name never points at an empty file (which would
      // be replaced by a new token, signing every open page out).
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    // The mode given at creation is filtered by the umask; the file must be the user's alone whatever it is.
    makePrivate(temp);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** The UI token of a data folder: the stored one, or a new one (stored) when there is none or it is malformed. */
export function persistentUiToken(dataDir: string): string {
  const stored = storedUiToken(dataDir);
  if (stored) return stored;
  const token = newUiToken();
  saveUiToken(dataDir, token);
  return token;
}
