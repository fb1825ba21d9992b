import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_NAME = 'crossbuy';

/**
 * The per-OS folder Electron's app.getPath('userData') returns for this app, computed without Electron
 * so that the headless server and the CLI open the same database as the desktop app.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.CROSSBUY_DATA) return env.CROSSBUY_DATA;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), APP_NAME);
}

export const databaseFile = (dataDir: string) => join(dataDir, 'crossbuy.db');
export const adminTokenFile = (dataDir: string) => join(dataDir, 'admin-token');
