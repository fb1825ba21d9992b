import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPC_CHANNELS, type BridgeResponse, type BridgeServerInfo } from '../../../src/preload/bridge.js';
import { appPageUrl, secureWebPreferences } from '../../../src/main/desktop/security.js';
import { PAGE_META_CSP } from '../../../src/contract/page-policy.js';
import { unpackedDir } from '../../../src/main/core/shared/worker-script.js';
import { StandInApp } from '../../desktop/stand-in/driver.js';

/**
 * `electron-vite build` must produce the three bundles without the Electron binary: main (ESM, with the
 * native module left external), the preload as CommonJS (sandboxed preloads cannot be ESM) and the
 * renderer. Then the built main process runs under plain Node with the stand-in `electron` module
 * (test/desktop/stand-in): its wiring is checked end to end as a user's first start would run it.
 * The build goes inside the checkout (out/) so the bundle's packages resolve from node_modules.
 */
const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..', '..');
mkdirSync(join(root, 'out'), { recursive: true });
const outDir = mkdtempSync(join(root, 'out', '.test-build-'));
const temp: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'crossbuy-smoke-'));
  temp.push(dir);
  return dir;
};

beforeAll(async () => {
  await run(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build', '--outDir', outDir, '--logLevel', 'error'], {
    cwd: root,
    timeout: 240_000,
  });
}, 300_000);
afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

describe('electron-vite build', () => {
  it('produces main, preload and renderer bundles', () => {
    const main = readFileSync(join(outDir, 'main', 'index.js'), 'utf8');
    expect(main).toMatch(/from ["']electron["']/);
    // The main process and every chunk it imports stay clear of SQLite; the core host has it, external.
    const chunks = [...main.matchAll(/from ["']\.\/([^"']+)["']/g)].map((m) => readFileSync(join(outDir, 'main', m[1]!), 'utf8'));
    for (const code of [main, ...chunks]) expect(code).not.toMatch(/better-sqlite3/);
    const host = readFileSync(join(outDir, 'main', 'core-host.js'), 'utf8');
    expect(host).toMatch(/from ["']better-sqlite3["']/);
    expect(host).not.toMatch(/from ["']electron["']/);
    expect(host).not.toMatch(/class Database\b[\s\S]{0,200}prepare\(/); // the native binding stays external
    const preload = readFileSync(join(outDir, 'preload', 'index.cjs'), 'utf8');
    expect(preload).toMatch(/require\(["']electron["']\)/);
    expect(preload).toContain('exposeInMainWorld');
    expect(preload).not.toMatch(/^\s*import /m);
    const html = readFileSync(join(outDir, 'renderer', 'index.html'), 'utf8');
    expect(html).toContain('Content-Security-Policy');
    const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(existsSync(join(outDir, 'renderer', script!))).toBe(true);
    // A file:// page applies only its <meta> policy: the built page carries the whole one.
    expect(/http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1]).toBe(PAGE_META_CSP);
  });

  it("leaves every file a worker thread loads outside the asar (electron-builder's asarUnpack)", () => {
    const builder = readFileSync(join(root, 'electron-builder.yml'), 'utf8');
    const block = /^asarUnpack:\n((?:\s+(?:#.*|- .*)\n)+)/m.exec(builder)?.[1] ?? '';
    const unpacked = [...block.matchAll(/- "([^"]+)\/\*\*"/g)].map((m) => `${m[1]}/`);
    const isUnpacked = (path: string) => unpacked.some((prefix) => path.startsWith(prefix));
    const workers = readdirSync(join(outDir, 'main')).filter((n) => n.endsWith('-worker.js'));
    expect(workers.sort()).toEqual(['backup-check-worker.js', 'request-log-worker.js']);
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      expect(isUnpacked(`out/main/${file}`), `out/main/${file}`).toBe(true);
      const code = readFileSync(join(outDir, 'main', file), 'utf8');
      for (const [, spec] of code.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?['"]([^'"]+)['"]/g)) {
        if (spec!.startsWith('./')) visit(spec!.slice(2));
        else if (!spec!.startsWith('node:')) packages.add(spec!.startsWith('@') ? spec!.split('/').slice(0, 2).join('/') : spec!.split('/')[0]!);
      }
    };
    for (const worker of workers) visit(worker);
    expect([...packages]).toContain('better-sqlite3');
    // Each package a worker imports, and the packages those depend on, is unpacked whole (node-addon-api:
    // C++ headers better-sqlite3 is compiled with, never loaded at run time).
    const pending = [...packages];
    while (pending.length > 0) {
      const name = pending.pop()!;
      expect(isUnpacked(`node_modules/${name}/package.json`), `node_modules/${name}`).toBe(true);
      const manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
      for (const dep of Object.keys(manifest.dependencies ?? {})) {
        if (packages.has(dep) || dep === 'node-addon-api') continue;
        packages.add(dep);
        pending.push(dep);
      }
    }
  });

  it('the workers are looked for in app.asar.unpacked first', () => {
    expect(unpackedDir('/opt/crossbuy/resources/app.asar/out/main')).toBe('/opt/crossbuy/resources/app.asar.unpacked/out/main');
    expect(unpackedDir('C:\\crossbuy\\resources\\app.asar\\out\\main')).toBe('C:\\crossbuy\\resources\\app.asar.unpacked\\out\\main');
    expect(unpackedDir('/work/crossbuy/out/main')).toBe('/work/crossbuy/out/main');
  });
});

describe('the built main process under a stand-in Electron', () => {
  let desktop: StandInApp;
  let dataDir: string;
  let pageUrl: string;

  beforeAll(async () => {
    dataDir = scratch();
    desktop = new StandInApp(join(outDir, 'main', 'index.js'), {
      CROSSBUY_DATA: dataDir,
      CROSSBUY_PORT: '0',
      STAND_IN_USER_DATA: scratch(),
      XDG_CURRENT_DESKTOP: 'KDE',
      ELECTRON_RENDERER_URL: '',
    });
    pageUrl = (await desktop.waitFor('window.loadURL')).url as string;
  }, 60_000);
  afterAll(() => desktop.kill());

  it('takes the single-instance lock before anything else', () => {
    expect(desktop.records[0]).toEqual({ standIn: 'app.requestSingleInstanceLock', ready: false });
  });

  it('runs the core in a utility process of its own, started before the window', () => {
    const spawned = desktop.all('utilityProcess.spawn');
    expect(spawned).toHaveLength(1);
    expect(spawned[0]!.modulePath).toBe(join(outDir, 'main', 'core-host.js'));
    expect(spawned[0]!.pid).not.toBe(desktop.child.pid);
    const order = desktop.records.map((r) => r.standIn);
    expect(order.indexOf('utilityProcess.spawn')).toBeLessThan(order.indexOf('BrowserWindow'));
  });

  it('opens the window with the secure preferences and the page URL', () => {
    const window = desktop.all('BrowserWindow')[0]!;
    const options = window.options as { webPreferences: unknown; minWidth: number; x?: number; width: number };
    expect(options.webPreferences).toEqual(secureWebPreferences(join(outDir, 'preload', 'index.cjs')));
    expect(pageUrl).toBe(appPageUrl(join(outDir, 'renderer', 'index.html')));
    expect(options.minWidth).toBe(900);
    // The session is locked down before the window exists.
    const order = desktop.records.map((r) => r.standIn);
    expect(order.indexOf('session.setPermissionRequestHandler')).toBeLessThan(order.indexOf('BrowserWindow'));
    expect(order).toContain('session.onHeadersReceived');
    // Linux, login item unchanged: neither Windows' model id nor a login-item write.
    expect(desktop.all('app.setAppUserModelId')).toEqual([]);
    expect(desktop.all('app.setLoginItemSettings')).toEqual([]);
    // Bounds are kept on resize and move, which fire on every OS (resized/moved: macOS and Windows only).
    const events = desktop.all('window.on').map((r) => r.event);
    expect(events).toEqual(expect.arrayContaining(['resize', 'move', 'close']));
    expect(events).not.toContain('resized');
  });

  it('answers both IPC channels through the route table, for the app page only', async () => {
    const search = await desktop.invoke(IPC_CHANNELS.request, pageUrl, { method: 'GET', path: '/api/v1/open/products/search?limit=2' });
    expect(search.ok).toBe(true);
    const response = search.value as BridgeResponse;
    expect(response.status).toBe(200);
    expect((response.body as { data: { items: unknown[] } }).data.items).toHaveLength(2);
    const info = await desktop.invoke(IPC_CHANNELS.serverInfo, `${pageUrl}#/orders`);
    const { apiOrigin } = info.value as BridgeServerInfo;
    expect(apiOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const viaHttp = await fetch(`${apiOrigin}/api/v1/open/products/search?limit=2`, { headers: { authorization: 'Bearer nope' } });
    expect(viaHttp.status).toBe(401);
    const foreign = await desktop.invoke(IPC_CHANNELS.request, 'https://evil.example/', { method: 'GET', path: '/api/v1/open/cart' });
    expect(foreign).toMatchObject({ ok: false, error: expect.stringMatching(/IPC refused/) });
    const bad = await desktop.invoke(IPC_CHANNELS.request, pageUrl, { method: 'TRACE', path: '/api/v1/open/cart' });
    expect(bad.ok).toBe(false);
  });

  it('builds the tray and the application menu', async () => {
    const tray = await desktop.waitFor('tray.setContextMenu');
    const labels = (tray.template as { label?: string }[]).map((i) => i.label);
    expect(labels).toEqual(expect.arrayContaining(['Open crossbuy', 'Pause Autopilot', 'Quit']));
    const menu = desktop.all('Menu.setApplicationMenu')[0]!;
    expect((menu.template as { label?: string; role?: string }[]).map((m) => m.label ?? m.role)).toEqual(['File', 'editMenu', 'View', 'windowMenu', 'help']);
  });

  it('pushes events to the window and notifies a low balance', async () => {
    const settings = await desktop.invoke(IPC_CHANNELS.request, pageUrl, { method: 'PUT', path: '/api/v1/admin/settings', body: { lowBalanceThreshold: 1_000_000 } });
    expect((settings.value as BridgeResponse).status).toBe(200);
    const deposit = await desktop.invoke(IPC_CHANNELS.request, pageUrl, { method: 'POST', path: '/api/v1/admin/wallet/deposit', body: { amount: 1 } });
    expect((deposit.value as BridgeResponse).status).toBe(201);
    await desktop.waitFor('webContents.send', (r) => r.channel === IPC_CHANNELS.event && (r.payload as { type: string }).type === 'wallet.transaction_created');
    const note = await desktop.waitFor('Notification.show');
    expect(note.title).toBe('Wallet balance is low');
  });

  it('asks natively before creating a key or resetting, and does nothing on Cancel', async () => {
    const keys = async () => ((await desktop.invoke(IPC_CHANNELS.request, pageUrl, { method: 'GET', path: '/api/v1/admin/keys' })).value as BridgeResponse).body as { data: unknown[] };
    const before = (await keys()).data.length;
    const create = { method: 'POST', path: '/api/v1/admin/keys', body: { name: 'from-page', scopes: ['all'] } };
    await desktop.command('answer-dialog', { response: 0 });
    const declined = (await desktop.invoke(IPC_CHANNELS.request, pageUrl, create)).value as BridgeResponse;
    expect(declined).toMatchObject({ status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Declined in the confirmation dialog' } });
    const dialog = desktop.all('dialog.showMessageBox').at(-1)!;
    expect(dialog.parented).toBe(true);
    expect(dialog.options).toMatchObject({ type: 'warning', buttons: ['Cancel', 'Create key'], defaultId: 0, cancelId: 0, message: 'Create an API key named "from-page"?' });
    expect((await keys()).data).toHaveLength(before);
    await desktop.command('answer-dialog', { response: 1 });
    const created = (await desktop.invoke(IPC_CHANNELS.request, pageUrl, create)).value as BridgeResponse;
    expect(created.status).toBe(201);
    expect((await keys()).data).toHaveLength(before + 1);
    const dialogs = desktop.all('dialog.showMessageBox').length;
    await desktop.command('answer-dialog', { response: 0 });
    const reset = (await desktop.invoke(IPC_CHANNELS.request, pageUrl, { method: 'POST', path: '/api/v1/admin/data/reset', body: { confirm: 'RESET' } })).value as BridgeResponse;
    expect(reset.status).toBe(403);
    expect(desktop.all('dialog.showMessageBox')).toHaveLength(dialogs + 1);
    // Calls that grant nothing go straight through.
    const backups = (await desktop.invoke(IPC_CHANNELS.request, pageUrl, { method: 'GET', path: '/api/v1/admin/data/backups' })).value as BridgeResponse;
    expect(backups.status).toBe(200);
    expect(desktop.all('dialog.showMessageBox')).toHaveLength(dialogs + 1);
  });

  it('tells the window of a core crash and restarts the core on the same data', async () => {
    const before = (await desktop.invoke(IPC_CHANNELS.request, pageUrl, { method: 'GET', path: '/api/v1/open/user/wallet/transactions?limit=5' })).value as BridgeResponse;
    const { apiOrigin } = (await desktop.invoke(IPC_CHANNELS.serverInfo, pageUrl)).value as BridgeServerInfo;
    await desktop.command('crash-utility');
    const crashed = await desktop.waitFor('webContents.send', (r) => r.channel === IPC_CHANNELS.status && (r.payload as { state: string }).state === 'restarting');
    expect((crashed.payload as { message: string }).message).toMatch(/stopped unexpectedly/);
    await desktop.waitFor('webContents.send', (r) => r.channel === IPC_CHANNELS.status && (r.payload as { state: string }).state === 'running');
    // A window loaded now (View > Reload) asks and is told the same; another page is refused.
    expect((await desktop.invoke(IPC_CHANNELS.coreStatus, pageUrl)).value).toEqual({ state: 'running', message: 'The service restarted; nothing acknowledged was lost' });
    expect(await desktop.invoke(IPC_CHANNELS.coreStatus, 'https://evil.example/')).toMatchObject({ ok: false, error: expect.stringMatching(/IPC refused/) });
    expect(desktop.all('utilityProcess.spawn')).toHaveLength(2);
    const after = (await desktop.invoke(IPC_CHANNELS.request, pageUrl, { method: 'GET', path: '/api/v1/open/user/wallet/transactions?limit=5' })).value as BridgeResponse;
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
    expect(((await desktop.invoke(IPC_CHANNELS.serverInfo, pageUrl)).value as BridgeServerInfo).apiOrigin).toBe(apiOrigin);
  });

  it('quits cleanly: the server stops and the database is checkpointed and closed', async () => {
    await desktop.command('quit');
    const { code, signal } = await desktop.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(desktop.all('tray.destroy')).toHaveLength(1);
    const wal = join(dataDir, 'crossbuy.db-wal');
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
  });
});

describe('the built main process when the core keeps crashing', () => {
  it('gives up, and a window (re)loaded afterwards is told so when it asks', async () => {
    const desktop = new StandInApp(join(outDir, 'main', 'index.js'), {
      CROSSBUY_DATA: scratch(),
      CROSSBUY_PORT: '0',
      STAND_IN_USER_DATA: scratch(),
      XDG_CURRENT_DESKTOP: 'KDE',
      ELECTRON_RENDERER_URL: '',
    });
    const pushed = () => desktop.all('webContents.send').filter((r) => r.channel === IPC_CHANNELS.status);
    try {
      const pageUrl = (await desktop.waitFor('window.loadURL')).url as string;
      await desktop.waitFor('ipcMain.handle', (r) => r.channel === IPC_CHANNELS.coreStatus);
      expect((await desktop.invoke(IPC_CHANNELS.coreStatus, pageUrl)).value).toMatchObject({ state: 'running' });
      // Six crashes in a minute: five restarts, then main stops restarting (desktop/core-client.ts).
      for (let crash = 1; crash <= 6; crash++) {
        await desktop.command('crash-utility');
        await desktop.waitFor('webContents.send', () => pushed().filter((r) => (r.payload as { state: string }).state !== 'running').length === crash);
        if (crash < 6) await desktop.waitFor('webContents.send', () => pushed().filter((r) => (r.payload as { state: string }).state === 'running').length === crash);
      }
      expect((pushed().at(-1)!.payload as { state: string }).state).toBe('failed');
      expect((await desktop.invoke(IPC_CHANNELS.coreStatus, pageUrl)).value).toEqual({ state: 'failed', message: expect.stringMatching(/stopped unexpectedly/) });
    } finally {
      desktop.kill();
    }
  }, 120_000);
});

describe('the built main process on a desktop without a tray', () => {
  it('quits when its window is closed instead of running on invisibly', async () => {
    const desktop = new StandInApp(join(outDir, 'main', 'index.js'), {
      CROSSBUY_DATA: scratch(),
      CROSSBUY_PORT: '0',
      STAND_IN_USER_DATA: scratch(),
      STAND_IN_NO_TRAY: '1',
      XDG_CURRENT_DESKTOP: 'KDE',
      ELECTRON_RENDERER_URL: '',
    });
    try {
      await desktop.waitFor('window.loadURL');
      await desktop.waitFor('ipcMain.handle', (r) => r.channel === IPC_CHANNELS.serverInfo);
      await desktop.command('close-windows');
      expect(await desktop.exited).toEqual({ code: 0, signal: null });
    } finally {
      desktop.kill();
    }
  });
});
