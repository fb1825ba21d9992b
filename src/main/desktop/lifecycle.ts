import { defaultDataDir } from '../core/data-dir.js';

/**
 * The desktop app's start-up and shutdown decisions, as pure functions of the platform and environment,
 * so they are tested without Electron. index.ts applies them.
 */

/** Windows groups notifications and taskbar entries by this id; it must match electron-builder's appId. */
export const APP_USER_MODEL_ID = 'app.crossbuy.desktop';

/** The data folder: the same function the CLI and the headless server use (empty variables count as unset). */
export function desktopDataDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string {
  return defaultDataDir(env, platform);
}

/**
 * The API port: CROSSBUY_PORT (what `npm start -- --port` sets) when valid, else the preference. A port
 * the user asked for explicitly is not moved when busy (the start fails and says so); the preferred port
 * moves to the next free one.
 */
export function desktopPort(env: NodeJS.ProcessEnv, preferred: number): { port: number; fallback: boolean } {
  const text = env.CROSSBUY_PORT;
  if (text === undefined || text.trim() === '') return { port: preferred, fallback: true };
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port "${text}": use 0 to 65535 (0 picks a free port)`);
  return { port, fallback: false };
}

/** Desktops whose shell shows tray icons (StatusNotifier or XEmbed) without an extension. */
const LINUX_TRAY_DESKTOPS = ['kde', 'xfce', 'cinnamon', 'mate', 'lxqt', 'lxde', 'budgie', 'unity', 'deepin', 'pantheon', 'enlightenment'];

/**
 * Whether closing the last window leaves the app running (in the tray, or the dock on macOS). Where no
 * tray can be seen (GNOME without the AppIndicator extension, an unknown or bare window manager, or a
 * tray that failed to build), closing the window quits: otherwise the app would run on with no way back.
 */
export function keepRunningWhenClosed(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, trayBuilt: boolean): boolean {
  if (platform === 'darwin') return true;
  if (!trayBuilt) return false;
  if (platform === 'win32') return true;
  const desktops = (env.XDG_CURRENT_DESKTOP ?? env.DESKTOP_SESSION ?? '').toLowerCase().split(':');
  return desktops.some((d) => LINUX_TRAY_DESKTOPS.some((known) => d.includes(known)));
}

/**
 * The login-item setting to write, or null when the system already has it: writing it on every start
 * rewrites the registry entry or Login Items list each time (and prompts on some macOS versions).
 */
export function loginItemChange(wanted: boolean, current: boolean): { openAtLogin: boolean } | null {
  return wanted === current ? null : { openAtLogin: wanted };
}
