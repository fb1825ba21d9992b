import { BrowserWindow, session, shell } from 'electron';
import { RENDERER_CSP, isAppUrl, isSafeExternalUrl, secureWebPreferences } from './security.js';

export interface AppPage {
  rendererFile: string;
  devServerUrl?: string;
  preload: string;
}

/** Denies every permission request (camera, notifications prompts, geolocation...): the app needs none. */
export function lockDownSession(): void {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [RENDERER_CSP] } });
  });
}

export function createMainWindow(page: AppPage): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'crossbuy',
    webPreferences: secureWebPreferences(page.preload),
  });
  window.once('ready-to-show', () => window.show());
  window.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, page)) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  if (page.devServerUrl) void window.loadURL(page.devServerUrl);
  else void window.loadFile(page.rendererFile);
  return window;
}
