import { app, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IPC_CHANNELS, type ServerInfo } from '../preload/bridge.js';
import { resolvePort } from './cli/args.js';
import { fromInjectResponse, toInjectRequest } from './desktop/ipc-request.js';
import { isAppUrl } from './desktop/security.js';
import { createMainWindow, lockDownSession, type AppPage } from './desktop/window.js';
import { startServer, type RunningServer } from './headless/serve.js';

/**
 * The desktop app's main process: starts the service core and the localhost API, opens the window and
 * answers the renderer over IPC through the same route table. Electron lives here and in desktop/ only.
 */
const here = dirname(fileURLToPath(import.meta.url));
const page: AppPage = {
  rendererFile: join(here, '..', 'renderer', 'index.html'),
  devServerUrl: process.env.ELECTRON_RENDERER_URL,
  preload: join(here, '..', 'preload', 'index.cjs'),
};

let server: RunningServer | null = null;

function fromAppPage(event: IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  return frame !== null && isAppUrl(frame.url, page);
}

async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  await app.whenReady();
  lockDownSession();
  server = await startServer({
    dataDir: process.env.CROSSBUY_DATA ?? app.getPath('userData'),
    port: resolvePort(undefined),
    portFallback: true,
    uiDir: join(here, '..', 'renderer'),
    nativeBinding: process.env.CROSSBUY_NATIVE_BINDING,
  });
  const running = server;
  ipcMain.handle(IPC_CHANNELS.request, async (event, raw: unknown) => {
    if (!fromAppPage(event)) throw new Error('IPC refused: not the app page');
    const response = await running.app.inject(toInjectRequest(raw, running.sessionToken));
    return fromInjectResponse({ statusCode: response.statusCode, headers: response.headers, body: response.body });
  });
  ipcMain.handle(IPC_CHANNELS.serverInfo, (event): ServerInfo => {
    if (!fromAppPage(event)) throw new Error('IPC refused: not the app page');
    return { apiOrigin: running.origin, version: app.getVersion() };
  });
  let window = createMainWindow(page);
  app.on('second-instance', () => {
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('activate', () => {
    if (window.isDestroyed()) window = createMainWindow(page);
  });
}

let quitting = false;
app.on('before-quit', (event) => {
  if (quitting || !server) return;
  // Drain requests, checkpoint the WAL and close the database before the process goes.
  event.preventDefault();
  quitting = true;
  void server.stop().finally(() => app.quit());
});
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

main().catch((error: unknown) => {
  console.error('crossbuy failed to start:', error);
  app.exit(1);
});
