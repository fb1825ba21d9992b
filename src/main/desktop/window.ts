import { BrowserWindow, screen, session, shell } from 'electron';
import type { PreferenceStore } from './preferences.js';
import { BOUNDS_SAVE_MS, debounced, restoreBounds } from './preferences.js';
import { RENDERER_CSP, appPageUrl, isAppUrl, isPermissionAllowed, isSafeExternalUrl, secureWebPreferences } from './security.js';

export interface AppPage {
  rendererFile: string;
  devServerUrl?: string;
  preload: string;
  icon: string;
}

/** Denies every permission request but the clipboard write of the copy buttons (security.ts). */
export function lockDownSession(): void {
  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback) => callback(isPermissionAllowed(permission)));
  session.defaultSession.setPermissionCheckHandler((_wc, permission) => isPermissionAllowed(permission));
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [RENDERER_CSP] } });
  });
}

export function createMainWindow(page: AppPage, preferences: PreferenceStore): BrowserWindow {
  const bounds = restoreBounds(
    preferences.get('window'),
    screen.getAllDisplays().map((d) => d.workArea),
    screen.getPrimaryDisplay().workArea,
  );
  const window = new BrowserWindow({
    ...bounds,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'crossbuy',
    icon: page.icon,
    webPreferences: secureWebPreferences(page.preload),
  });
  window.once('ready-to-show', () => {
    if (bounds.maximized) window.maximize();
    if (!preferences.get('startMinimized')) window.show();
  });
  const remember = debounced(() => {
    if (window.isDestroyed() || window.isMinimized()) return;
    const { x, y, width, height } = window.getNormalBounds();
    preferences.set('window', { x, y, width, height, maximized: window.isMaximized() });
  }, BOUNDS_SAVE_MS);
  // `resize` and `move` fire on every platform (`resized` and `moved` only on macOS and Windows), many
  // times a second while dragging: the bounds are written once the window has been still for a moment,
  // and at once when it closes.
  window.on('resize', remember.schedule);
  window.on('move', remember.schedule);
  window.on('close', remember.now);
  window.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, page)) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  if (page.devServerUrl) void window.loadURL(page.devServerUrl);
  else void window.loadURL(appPageUrl(page.rendererFile));
  return window;
}
