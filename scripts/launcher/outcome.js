// What the launcher makes of the way Electron ended. Pure, so every case is tested without Electron.

/** An exit within this long after launch means Electron never really started (no window was used). */
export const EARLY_EXIT_MS = 15_000;

/**
 * @param {{ code: number | null, signal: string | null, uptimeMs: number, forwardedSignal?: string | null, platform: NodeJS.Platform, electronDir: string }} ended
 * @returns {{ action: 'exit', code: number } | { action: 'fallback', reason: string, hint?: string }}
 */
export function electronOutcome(ended) {
  // Ctrl-C or a service manager's SIGTERM that we passed on: the user's choice, not a crash.
  if (ended.signal && ended.signal === ended.forwardedSignal) return { action: 'exit', code: 0 };
  if (ended.signal) {
    return { action: 'fallback', reason: `Electron was killed by ${ended.signal}`, hint: sandboxHint(ended.platform, ended.electronDir) };
  }
  const code = ended.code ?? 1;
  if (code === 0) return { action: 'exit', code: 0 };
  if (ended.uptimeMs < EARLY_EXIT_MS) {
    return { action: 'fallback', reason: `Electron exited with code ${code} while starting`, hint: sandboxHint(ended.platform, ended.electronDir) };
  }
  // A failure after the app ran a while: report it as the exit code, do not start something else.
  return { action: 'exit', code };
}

/**
 * On Linux an Electron that dies at start (SIGTRAP on Ubuntu 24.04+) is most often Chromium's SUID
 * sandbox helper, which must be owned by root with mode 4755, or AppArmor refusing user namespaces.
 * @param {NodeJS.Platform} platform
 * @param {string} electronDir node_modules/electron
 */
export function sandboxHint(platform, electronDir) {
  if (platform !== 'linux') return undefined;
  const helper = `${electronDir}/dist/chrome-sandbox`;
  return [
    'If this is the Linux sandbox helper (common on Ubuntu 24.04+), fix it once with:',
    `  sudo chown root:root '${helper}' && sudo chmod 4755 '${helper}'`,
    'then run `npm start` again.',
  ].join('\n');
}

/**
 * Why Electron cannot open a window before it is even tried, or null. Only Linux needs a display server
 * named in the environment (X11's DISPLAY or Wayland's WAYLAND_DISPLAY); macOS and Windows always have a
 * desktop session for a user who runs `npm start`.
 * @param {NodeJS.Platform} platform
 * @param {Record<string, string | undefined>} env
 * @returns {string | null}
 */
export function missingDisplay(platform, env) {
  if (platform !== 'linux' || env.DISPLAY || env.WAYLAND_DISPLAY) return null;
  return 'no display: neither DISPLAY nor WAYLAND_DISPLAY is set';
}
