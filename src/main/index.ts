import { Menu, app, ipcMain, shell, type IpcMainInvokeEvent } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IPC_CHANNELS, type ServerInfo } from '../preload/bridge.js';
import { ElectronPreferenceStore } from './desktop/electron-preferences.js';
import { fromInjectResponse, toInjectRequest } from './desktop/ipc-request.js';
import { connectDesktop, toggleAutopilot } from './desktop/live.js';
import { applicationMenuTemplate } from './desktop/menu.js';
import { isAppUrl } from './desktop/security.js';
import { AppTray } from './desktop/tray.js';
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
  icon: join(here, '..', '..', 'resources', 'icon.png'),
};

let server: RunningServer | null = null;

function fromAppPage(event: IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  return frame !== null && isAppUrl(frame.url, page);
}

function portFromEnvironment(fallback: number): number {
  const text = process.env.CROSSBUY_PORT;
  const port = text === undefined ? fallback : Number(text);
  return Number.isInteger(port) && port >= 0 && port <= 65535 ? port : fallback;
}

async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  await app.whenReady();
  lockDownSession();
  const preferences = new ElectronPreferenceStore();
  app.setLoginItemSettings({ openAtLogin: preferences.get('launchAtLogin') });
  server = await startServer({
    dataDir: process.env.CROSSBUY_DATA ?? app.getPath('userData'),
    port: portFromEnvironment(preferences.get('port')),
    portFallback: true,
    uiDir: join(here, '..', 'renderer'),
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

  let window = createMainWindow(page, preferences);
  const showWindow = () => {
    if (window.isDestroyed()) window = createMainWindow(page, preferences);
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      applicationMenuTemplate(process.platform, app.getName(), {
        openDocs: () => void shell.openExternal(`${running.origin}/docs`),
        openDataFolder: () => void shell.openPath(running.core.dataDir),
      }),
    ),
  );
  const remembered: { pace: 'realistic' | 'demo' } = { pace: 'realistic' };
  const tray: AppTray = new AppTray(page.icon, {
    open: showWindow,
    toggleAutopilot: () => tray.update({ autopilotPaused: toggleAutopilot(running, remembered) === 'off' }),
    quit: () => app.quit(),
  });
  const disconnect = connectDesktop(running, () => (window.isDestroyed() ? null : window), tray);
  app.on('will-quit', () => {
    disconnect();
    tray.destroy();
  });
  app.on('second-instance', showWindow);
  app.on('activate', showWindow);
}

let quitting = false;
app.on('before-quit', (event) => {
  if (quitting || !server) return;
  // Stop accepting, drain requests, checkpoint the WAL and close the database before the process goes.
  event.preventDefault();
  quitting = true;
  void server.stop().finally(() => app.quit());
});
app.on('window-all-closed', () => {
  // The tray keeps the app (and its API for scripts) running; Quit is in the tray and the menu.
});

main().catch((error: unknown) => {
  console.error('crossbuy failed to start:', error);
  app.exit(1);
});
