import { homedir } from 'node:os';
import { join, posix, win32 } from 'node:path';

export const APP_NAME = 'crossbuy';

/** An environment variable that is set to something: an empty value counts as unset (as XDG specifies). */
function setVar(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}

/**
 * The data folder: CROSSBUY_DATA when set, otherwise the per-OS folder Electron's app.getPath('userData')
 * returns for this app, computed without Electron. The CLI, the headless server and the desktop app all
 * call this one function, so they open the same database; empty variables (CROSSBUY_DATA=,
 * XDG_CONFIG_HOME=, APPDATA=) count as unset everywhere, as Chromium treats an empty XDG_CONFIG_HOME.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  const explicit = setVar(env, 'CROSSBUY_DATA');
  if (explicit) return explicit;
  if (platform === 'win32') return win32.join(setVar(env, 'APPDATA') ?? win32.join(home, 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', APP_NAME);
  return posix.join(setVar(env, 'XDG_CONFIG_HOME') ?? posix.join(home, '.config'), APP_NAME);
}

export const databaseFile = (dataDir: string) => join(dataDir, 'crossbuy.db');
export const adminTokenFile = (dataDir: string) => join(dataDir, 'admin-token');
