import { Menu, app, dialog, ipcMain, shell, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IPC_CHANNELS, type BridgeRequest, type ServerInfo } from '../preload/bridge.js';
import { ConfirmationGate, type Confirmation } from './desktop/confirm.js';
import { ElectronPreferenceStore } from './desktop/electron-preferences.js';
import { fromInjectResponse, toInjectRequest } from './desktop/ipc-request.js';
import { APP_USER_MODEL_ID, desktopDataDir, desktopPort, keepRunningWhenClosed, loginItemChange } from './desktop/lifecycle.js';
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

let keepRunning = process.platform === 'darwin';

/** The confirmation as a native dialog, modal to the window; Cancel is the default and the Escape key. */
async function confirmNatively(confirmation: Confirmation, parent: BrowserWindow | null): Promise<boolean> {
  const options = {
    type: 'warning' as const,
    title: confirmation.title,
    message: confirmation.message,
    detail: confirmation.detail,
    buttons: ['Cancel', confirmation.action],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
  const { response } = parent && !parent.isDestroyed() ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
  return response === 1;
}

async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  // Windows shows notifications only for an app with an id (the installer's shortcut carries the same).
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  await app.whenReady();
  lockDownSession();
  const preferences = new ElectronPreferenceStore();
  const login = loginItemChange(preferences.get('launchAtLogin'), app.getLoginItemSettings().openAtLogin);
  if (login) app.setLoginItemSettings(login);
  const { port, fallback } = desktopPort(process.env, preferences.get('port'));
  server = await startServer({
    dataDir: desktopDataDir(process.env, process.platform),
    port,
    portFallback: fallback,
    uiDir: join(here, '..', 'renderer'),
  });
  const running = server;
  let window: BrowserWindow | null = null;
  const confirmations = new ConfirmationGate((confirmation) => confirmNatively(confirmation, window));
  ipcMain.handle(IPC_CHANNELS.request, async (event, raw: unknown) => {
    if (!fromAppPage(event)) throw new Error('IPC refused: not the app page');
    const request = toInjectRequest(raw, running.sessionToken);
    // Destructive or privilege-granting admin calls wait for the native dialog (desktop/confirm.ts).
    const refused = await confirmations.check(raw as BridgeRequest);
    if (refused) return refused;
    const response = await running.app.inject(request);
    return fromInjectResponse({ statusCode: response.statusCode, headers: response.headers, body: response.body });
  });
  ipcMain.handle(IPC_CHANNELS.serverInfo, (event): ServerInfo => {
    if (!fromAppPage(event)) throw new Error('IPC refused: not the app page');
    return { apiOrigin: running.origin, version: app.getVersion() };
  });

  let shown = createMainWindow(page, preferences);
  window = shown;
  const showWindow = () => {
    if (shown.isDestroyed()) window = shown = createMainWindow(page, preferences);
    if (shown.isMinimized()) shown.restore();
    shown.show();
    shown.focus();
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
  let tray: AppTray | null = null;
  try {
    tray = new AppTray(page.icon, {
      open: showWindow,
      toggleAutopilot: () => tray?.update({ autopilotPaused: toggleAutopilot(running, remembered) === 'off' }),
      quit: () => app.quit(),
    });
  } catch (error) {
    console.warn('crossbuy: no tray on this desktop:', error);
  }
  keepRunning = keepRunningWhenClosed(process.platform, process.env, tray !== null);
  const disconnect = connectDesktop(running, () => (shown.isDestroyed() ? null : shown), tray);
  app.on('will-quit', () => {
    disconnect();
    tray?.destroy();
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
  // Where a tray (or the macOS dock) is a way back, the app and its API for scripts keep running; Quit
  // is in the tray and the menu. Elsewhere closing the window quits, rather than leave an invisible app.
  if (!keepRunning) app.quit();
});

main().catch((error: unknown) => {
  console.error('crossbuy failed to start:', error);
  if (app.isReady()) dialog.showErrorBox('crossbuy could not start', error instanceof Error ? error.message : String(error));
  app.exit(1);
});
