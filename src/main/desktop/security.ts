import { posix, win32 } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PAGE_CSP } from '../../contract/page-policy.js';

/**
 * Electron security checklist, as pure functions the window code applies and the tests check without
 * an Electron binary.
 */
export interface SecureWebPreferences {
  preload: string;
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  experimentalFeatures: false;
  webviewTag: false;
  spellcheck: boolean;
}

export function secureWebPreferences(preload: string): SecureWebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    spellcheck: true,
  };
}

/**
 * The URL the window loads the packaged page from. Node's pathToFileURL escapes `#`, `?` and `%` in the
 * install path (Electron's loadFile does not escape `%`, so `C:\\100%\\...` would load a wrong path).
 */
export function appPageUrl(rendererFile: string, platform: NodeJS.Platform = process.platform): string {
  return pathToFileURL(rendererFile, { windows: platform === 'win32' }).href;
}

/** A file: URL as the path it names, or null when it names none (bad escapes, an encoded slash). */
function filePath(url: URL, windows: boolean): string | null {
  try {
    return fileURLToPath(url, { windows });
  } catch {
    return null;
  }
}

/**
 * The app's own page: the packaged renderer file, or the dev server in development. Everything else is
 * foreign: no navigation to it, no IPC from it. A file: URL is compared as a path, not as text: the path
 * Chromium's URL names (after its own escaping and canonicalisation, such as `c:` becoming `C:`) against
 * the renderer file, normalised, case-insensitively on Windows; its host must be the file's own (none,
 * or the server of a UNC install path), never another machine's.
 */
export function isAppUrl(url: string, app: { rendererFile: string; devServerUrl?: string }, platform: NodeJS.Platform = process.platform): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (app.devServerUrl) {
    const dev = new URL(app.devServerUrl);
    if (parsed.origin === dev.origin) return true;
  }
  if (parsed.protocol !== 'file:') return false;
  const windows = platform === 'win32';
  const expected = new URL(appPageUrl(app.rendererFile, platform));
  if (parsed.host.toLowerCase() !== expected.host.toLowerCase()) return false;
  const actual = filePath(parsed, windows);
  if (actual === null) return false;
  if (windows) return win32.normalize(actual).toLowerCase() === win32.normalize(app.rendererFile).toLowerCase();
  return posix.normalize(actual) === posix.normalize(app.rendererFile);
}

/** Links the user clicked that may leave the app: http(s) only, opened in the system browser. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The renderer's Content-Security-Policy (src/contract/page-policy.ts): the `<meta>` tag of index.html is
 * what a file:// load applies; this header covers the dev server's http:// loads.
 */
export const RENDERER_CSP = PAGE_CSP;

/**
 * The one permission the page may use: writing to the clipboard (the copy buttons for a new API key or a
 * webhook secret). Camera, microphone, geolocation, notifications from the page, and the rest are denied;
 * desktop notifications come from the main process.
 */
export function isPermissionAllowed(permission: string): boolean {
  return permission === 'clipboard-sanitized-write';
}
