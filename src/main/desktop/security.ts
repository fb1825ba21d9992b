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
 * The app's own page: the packaged renderer file, or the dev server in development. Everything else is
 * foreign: no navigation to it, no IPC from it.
 */
export function isAppUrl(url: string, app: { rendererFile: string; devServerUrl?: string }): boolean {
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
  const expected = new URL(`file://${app.rendererFile.startsWith('/') ? '' : '/'}${app.rendererFile.replace(/\\/g, '/')}`);
  return decodeURIComponent(parsed.pathname) === decodeURIComponent(expected.pathname);
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

/** The renderer's Content-Security-Policy, also sent as a header for file:// loads. */
export const RENDERER_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: http://127.0.0.1:*; " +
  "connect-src 'self' http://127.0.0.1:*; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/**
 * The one permission the page may use: writing to the clipboard (the copy buttons for a new API key or a
 * webhook secret). Camera, microphone, geolocation, notifications from the page, and the rest are denied;
 * desktop notifications come from the main process.
 */
export function isPermissionAllowed(permission: string): boolean {
  return permission === 'clipboard-sanitized-write';
}
