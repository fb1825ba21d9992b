// A stand-in for the `electron` module, so the built main process runs under plain Node (no Electron
// binary on CI machines). It implements the calls the main process makes, with the behaviour the app
// relies on (app lifecycle order, ipcMain.handle, windows and their webContents), and reports every
// call to the test over the fork's IPC channel. The test drives it back: IPC invocations from a given
// page URL, menu clicks, dialog answers, quit.
import { EventEmitter } from 'node:events';
import { setImmediate } from 'node:timers';
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Reports one observation to the test (or to stderr when run by hand). */
function report(kind, detail = {}) {
  const message = { standIn: kind, ...detail };
  if (process.send) process.send(message);
  else process.stderr.write(`stand-in: ${JSON.stringify(message)}\n`);
}

/** JSON-safe copy of menu templates and options (functions become the string "fn"). */
function plain(value) {
  return JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === 'function' ? 'fn' : v)));
}

const userData = process.env.STAND_IN_USER_DATA ?? mkdtempSync(join(tmpdir(), 'stand-in-userdata-'));
let ready = false;
let quitting = false;

class App extends EventEmitter {
  requestSingleInstanceLock() {
    report('app.requestSingleInstanceLock', { ready });
    return process.env.STAND_IN_LOCK !== 'taken';
  }
  whenReady() {
    return new Promise((resolve) =>
      setImmediate(() => {
        ready = true;
        report('app.ready');
        this.emit('ready');
        resolve();
      }),
    );
  }
  isReady() {
    return ready;
  }
  getPath(name) {
    if (name === 'userData') return userData;
    return join(userData, name);
  }
  getName() {
    return 'crossbuy';
  }
  getVersion() {
    return '0.1.0';
  }
  setAppUserModelId(id) {
    report('app.setAppUserModelId', { id });
  }
  getLoginItemSettings() {
    return { openAtLogin: false };
  }
  setLoginItemSettings(settings) {
    report('app.setLoginItemSettings', { settings });
  }
  /** Electron's order: before-quit (cancellable), windows close, will-quit, quit, exit. */
  quit() {
    if (quitting) return;
    const event = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
    this.emit('before-quit', event);
    if (event.defaultPrevented) return;
    quitting = true;
    for (const window of windows) if (!window.isDestroyed()) window.destroy();
    this.emit('will-quit', { preventDefault() {} });
    this.emit('quit', {}, 0);
    report('app.exit', { code: 0 });
    setImmediate(() => process.exit(0));
  }
  exit(code = 0) {
    report('app.exit', { code });
    process.exit(code);
  }
}
export const app = new App();

const windows = [];
class WebContents extends EventEmitter {
  constructor(window) {
    super();
    this.window = window;
    this.url = '';
  }
  send(channel, payload) {
    report('webContents.send', { channel, payload });
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler;
  }
}

export class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.options = options;
    this.destroyed = false;
    this.webContents = new WebContents(this);
    windows.push(this);
    report('BrowserWindow', { options: plain(options) });
    setImmediate(() => this.emit('ready-to-show'));
  }
  static getAllWindows() {
    return windows.filter((w) => !w.destroyed);
  }
  on(event, listener) {
    report('window.on', { event });
    return super.on(event, listener);
  }
  loadURL(url) {
    this.webContents.url = url;
    report('window.loadURL', { url });
    return Promise.resolve();
  }
  loadFile(file) {
    report('window.loadFile', { file });
    return Promise.resolve();
  }
  isDestroyed() {
    return this.destroyed;
  }
  isMinimized() {
    return false;
  }
  isMaximized() {
    return false;
  }
  isVisible() {
    return this.visible === true;
  }
  getNormalBounds() {
    return { x: 10, y: 10, width: this.options.width, height: this.options.height };
  }
  show() {
    this.visible = true;
    report('window.show');
  }
  focus() {}
  restore() {}
  maximize() {}
  close() {
    this.emit('close', { preventDefault() {} });
    this.destroy();
  }
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('closed');
    if (windows.every((w) => w.destroyed) && !quitting) app.emit('window-all-closed');
  }
}

const handlers = new Map();
export const ipcMain = {
  handle(channel, handler) {
    handlers.set(channel, handler);
    report('ipcMain.handle', { channel });
  },
  on(channel) {
    report('ipcMain.on', { channel });
  },
  removeHandler(channel) {
    handlers.delete(channel);
  },
};

export class Menu {
  constructor(template) {
    this.template = template;
  }
  static buildFromTemplate(template) {
    return new Menu(template);
  }
  static setApplicationMenu(menu) {
    report('Menu.setApplicationMenu', { template: plain(menu.template) });
  }
}
const trays = [];
export class Tray extends EventEmitter {
  constructor(image) {
    super();
    if (process.env.STAND_IN_NO_TRAY === '1') throw new Error('no tray on this desktop');
    trays.push(this);
    report('Tray', { image: image.path });
  }
  setToolTip(text) {
    report('tray.setToolTip', { text });
  }
  setContextMenu(menu) {
    this.menu = menu;
    report('tray.setContextMenu', { template: plain(menu.template) });
  }
  destroy() {
    report('tray.destroy');
  }
}

export const nativeImage = {
  createFromPath(path) {
    return { path, resize() { return this; } };
  },
};

export class Notification {
  static isSupported() {
    return true;
  }
  constructor(options) {
    this.options = options;
  }
  show() {
    report('Notification.show', { title: this.options.title, body: this.options.body });
  }
}

const primary = { id: 2, workArea: { x: 0, y: 0, width: 2560, height: 1440 } };
export const screen = {
  getAllDisplays: () => [{ id: 1, workArea: { x: -1920, y: 0, width: 1920, height: 1080 } }, primary],
  getPrimaryDisplay: () => primary,
};

export const session = {
  defaultSession: {
    setPermissionRequestHandler: () => report('session.setPermissionRequestHandler'),
    setPermissionCheckHandler: () => report('session.setPermissionCheckHandler'),
    webRequest: { onHeadersReceived: () => report('session.onHeadersReceived') },
  },
};

export const shell = {
  openExternal: (url) => (report('shell.openExternal', { url }), Promise.resolve()),
  openPath: (path) => (report('shell.openPath', { path }), Promise.resolve('')),
};

/** Answers the test queued: { response } per showMessageBox call, 0 (the first button) by default. */
const dialogAnswers = [];
export const dialog = {
  showMessageBox(...args) {
    const options = args.length > 1 ? args[1] : args[0];
    report('dialog.showMessageBox', { options: plain(options), parented: args.length > 1 });
    return Promise.resolve({ response: dialogAnswers.length ? dialogAnswers.shift() : 0, checkboxChecked: false });
  },
  showErrorBox(title, content) {
    report('dialog.showErrorBox', { title, content });
  },
};

/**
 * utilityProcess.fork backed by child_process.fork: a plain Node child, with Electron's UtilityProcess
 * surface (postMessage with transferred ports, 'spawn', 'exit', kill). A port transferred to the child is
 * relayed over the fork's IPC channel, which the host entry reads as its port when it has no parentPort.
 */
class UtilityProcess extends EventEmitter {
  constructor(modulePath, args, options) {
    super();
    this.child = fork(modulePath, args ?? [], { env: options?.env ?? process.env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
    this.pid = undefined;
    this.child.on('spawn', () => {
      this.pid = this.child.pid;
      report('utilityProcess.spawn', { pid: this.pid, modulePath });
      this.emit('spawn');
    });
    this.child.on('message', (message) => {
      if (this.port) this.port.deliver(message);
      else this.emit('message', message);
    });
    this.child.on('exit', (code, signal) => {
      report('utilityProcess.exit', { code, signal });
      this.emit('exit', code ?? (signal ? 1 : 0));
    });
  }
  postMessage(message, transfer = []) {
    const [port] = transfer;
    if (port) {
      // The port's other end stays in this process: what it posts goes to the child, and back.
      this.port = port.peer;
      port.relay = (m) => this.child.connected && this.child.send(m);
    }
    if (this.child.connected) this.child.send(message);
  }
  kill() {
    return this.child.kill('SIGTERM');
  }
}
const utilityProcesses = [];
export const utilityProcess = {
  fork(modulePath, args, options) {
    const child = new UtilityProcess(modulePath, args, options);
    utilityProcesses.push(child);
    return child;
  },
};

/** One end of a stand-in MessageChannelMain: in-process, or relayed to a forked child once transferred. */
class PortMain extends EventEmitter {
  constructor() {
    super();
    this.peer = null;
    this.relay = null;
    this.closed = false;
  }
  postMessage(message) {
    if (this.closed) return;
    if (this.peer.relay) this.peer.relay(message);
    else setImmediate(() => this.peer.emit('message', { data: message, ports: [] }));
  }
  deliver(message) {
    this.emit('message', { data: message, ports: [] });
  }
  start() {}
  close() {
    this.closed = true;
  }
}
export class MessageChannelMain {
  constructor() {
    this.port1 = new PortMain();
    this.port2 = new PortMain();
    this.port1.peer = this.port2;
    this.port2.peer = this.port1;
  }
}

// The test's remote control.
process.on('message', async (command) => {
  if (!command || typeof command !== 'object' || !('standInCommand' in command)) return;
  const reply = (result) => process.send?.({ standInReply: command.id, ...result });
  try {
    switch (command.standInCommand) {
      case 'invoke': {
        const handler = handlers.get(command.channel);
        if (!handler) throw new Error(`no handler for ${command.channel}`);
        const event = { senderFrame: { url: command.frameUrl }, sender: windows[0]?.webContents };
        reply({ ok: true, value: await handler(event, ...(command.args ?? [])) });
        break;
      }
      case 'answer-dialog':
        dialogAnswers.push(command.response);
        reply({ ok: true });
        break;
      case 'page-url':
        reply({ ok: true, value: windows.find((w) => !w.destroyed)?.webContents.url ?? null });
        break;
      case 'click-tray': {
        const item = trays.at(-1)?.menu?.template.find((i) => i.label === command.label);
        if (!item) throw new Error(`no tray item ${command.label}`);
        item.click();
        reply({ ok: true });
        break;
      }
      case 'crash-utility': {
        // A crash of the core process: SIGKILL, no clean stop.
        utilityProcesses.at(-1).child.kill('SIGKILL');
        reply({ ok: true });
        break;
      }
      case 'close-windows':
        for (const window of windows) if (!window.isDestroyed()) window.close();
        reply({ ok: true });
        break;
      case 'quit':
        reply({ ok: true });
        app.quit();
        break;
      default:
        throw new Error(`unknown command ${command.standInCommand}`);
    }
  } catch (error) {
    reply({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});

export default { app, BrowserWindow, ipcMain, Menu, Tray, nativeImage, Notification, screen, session, shell, dialog, utilityProcess, MessageChannelMain };
