import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, posix } from 'node:path';

/**
 * "Launch at login" on Linux. Electron's app.setLoginItemSettings does nothing there (macOS and Windows
 * only), so the desktop writes what every XDG desktop (GNOME, KDE, Xfce, ...) reads instead: an entry in
 * $XDG_CONFIG_HOME/autostart (~/.config/autostart), removed when the option is turned off.
 */
export const AUTOSTART_NAME = 'crossbuy.desktop';

export function autostartFile(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  const config = env.XDG_CONFIG_HOME?.trim() ? env.XDG_CONFIG_HOME : posix.join(home, '.config');
  return posix.join(config, 'autostart', AUTOSTART_NAME);
}

/** The desktop entry that starts `command` (the AppImage when run from one, else the executable) at login. Pure. */
export function autostartEntry(command: string): string {
  // Desktop Entry spec: an argument with spaces or quotes is quoted, and `"`, `` ` ``, `$`, `\` escaped.
  const quoted = /[\s"'`$\\]/.test(command) ? `"${command.replace(/(["`$\\])/g, '\\$1')}"` : command;
  return ['[Desktop Entry]', 'Type=Application', 'Name=crossbuy', 'Comment=Local purchasing-agent API and back office', `Exec=${quoted}`, 'Terminal=false', 'X-GNOME-Autostart-enabled=true', ''].join('\n');
}

/** Writes or removes the entry so it matches `wanted`; touches nothing when it already does. */
export function syncAutostart(wanted: boolean, command: string, file: string = autostartFile()): void {
  const entry = autostartEntry(command);
  let current: string | null = null;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = null;
  }
  if (!wanted) {
    if (current !== null) rmSync(file, { force: true });
    return;
  }
  if (current === entry) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, entry);
}
