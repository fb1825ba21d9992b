import { Menu, Notification, app, dialog, ipcMain, shell, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IPC_CHANNELS, type BridgeRequest, type CoreStatus, type BridgeServerInfo } from '../preload/bridge.js';
import { ConfirmationGate, type Confirmation } from './desktop/confirm.js';
import { CoreClient } from './desktop/core-client.js';
import { spawnCoreHost } from './desktop/core-process.js';
import { ElectronPreferenceStore } from './desktop/electron-preferences.js';
import { toInjectRequest } from './desktop/ipc-request.js';
import { syncAutostart } from './desktop/autostart.js';
import { APP_USER_MODEL_ID, desktopDataDir, desktopPort, keepRunningWhenClosed, loginItemChange } from './desktop/lifecycle.js';
import { applicationMenuTemplate } from './desktop/menu.js';
import { isAppUrl } from './desktop/security.js';
import { AppTray } from './desktop/tray.js';
import { createMainWindow, lockDownSession, type AppPage } from './desktop/window.js';

/**
 * The desktop app's main process: windows, tray, menus, notifications and the preload bridge. The
 * service core (SQLite, the localhost API, autopilot, webhooks) runs in a utility process of its own
 * (core-host/), so no query or fsync ever blocks this thread; bridge requests and events travel between
 * the two over a MessagePort. Electron lives here and in desktop/ only, and neither imports the core
 * (eslint.config.js).
 */
const here = dirname(fileURLToPath(import.meta.url));
const page: AppPage = {
  rendererFile: join(here, '..', 'renderer', 'index.html'),
  devServerUrl: process.env.ELECTRON_RENDERER_URL || undefined,
  preload: join(here, '..', 'preload', 'index.cjs'),
  icon: join(here, '..', '..', 'resources', 'icon.png'),
};

let core: CoreClient | null = null;
let keepRunning = process.platform === 'darwin';

function fromAppPage(event: IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  return frame !== null && isAppUrl(frame.url, page);
}

function notify(text: { title: string; body: string }): void {
  if (Notification.isSupported()) new Notification({ title: text.title, body: text.body }).show();
}

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
  if (process.platform === 'linux') {
    // Electron's login item does nothing on Linux: an XDG autostart entry instead (the AppImage itself
    // when run from one, since its mount point changes at every start).
    syncAutostart(preferences.get('launchAtLogin'), process.env.APPIMAGE ?? process.execPath);
  } else {
    const login = loginItemChange(preferences.get('launchAtLogin'), app.getLoginItemSettings().openAtLogin);
    if (login) app.setLoginItemSettings(login);
  }
  const { port, fallback } = desktopPort(process.env, preferences.get('port'));
  const dataDir = desktopDataDir(process.env, process.platform);

  let window: BrowserWindow | null = null;
  let tray: AppTray | null = null;
  const toWindow = (channel: string, payload: unknown) => {
    if (window && !window.isDestroyed()) window.webContents.send(channel, payload);
  };
  const client = new CoreClient(() => spawnCoreHost(join(here, 'core-host.js')), { dataDir, port, portFallback: fallback, uiDir: join(here, '..', 'renderer') }, {
    event: (event) => toWindow(IPC_CHANNELS.event, event),
    notify,
    tray: (state) => tray?.update(state),
    crashed: ({ code, restarting }) => {
      console.error(`crossbuy: the core process stopped unexpectedly (code ${code})${restarting ? '; restarting it' : ''}`);
      if (!restarting) notify({ title: 'crossbuy stopped working', body: 'The service keeps stopping; quit and start crossbuy again.' });
    },
    status: (value) => toWindow(IPC_CHANNELS.status, value),
  });
  core = client;
  const info = await client.start();

  const confirmations = new ConfirmationGate((confirmation) => confirmNatively(confirmation, window));
  ipcMain.handle(IPC_CHANNELS.request, async (event, raw: unknown) => {
    if (!fromAppPage(event)) throw new Error('IPC refused: not the app page');
    toInjectRequest(raw, ''); // the shape check, here before anything is forwarded or confirmed
    // Destructive or privilege-granting admin calls wait for the native dialog (desktop/confirm.ts).
    const refused = await confirmations.check(raw as BridgeRequest);
    if (refused) return refused;
    return client.request(raw as BridgeRequest);
  });
  ipcMain.handle(IPC_CHANNELS.serverInfo, (event): BridgeServerInfo => {
    if (!fromAppPage(event)) throw new Error('IPC refused: not the app page');
    return { apiOrigin: (client.current ?? info).origin, version: app.getVersion() };
  });
  // A page that (re)loads after a crash missed the push: it asks for the state at start.
  ipcMain.handle(IPC_CHANNELS.coreStatus, (event): CoreStatus => {
    if (!fromAppPage(event)) throw new Error('IPC refused: not the app page');
    return client.status;
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
        openDocs: () => void shell.openExternal(`${(client.current ?? info).origin}/docs`),
        openDataFolder: () => void shell.openPath(info.dataDir),
      }),
    ),
  );
  try {
    tray = new AppTray(page.icon, { open: showWindow, toggleAutopilot: () => client.toggleAutopilot(), quit: () => app.quit() });
  } catch (error) {
    console.warn('crossbuy: no tray on this desktop:', error);
  }
  keepRunning = keepRunningWhenClosed(process.platform, process.env, tray !== null);
  app.on('will-quit', () => tray?.destroy());
  app.on('second-instance', showWindow);
  app.on('activate', showWindow);
}

let quitting = false;
app.on('before-quit', (event) => {
  if (quitting || !core) return;
  // The core host stops accepting, drains requests, checkpoints the WAL and closes the database first.
  event.preventDefault();
  quitting = true;
  void core.stop().finally(() => app.quit());
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
