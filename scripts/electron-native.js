// Electron runs a different Node ABI than the Node that runs tests and the headless server, so the desktop
// app needs its own build of better-sqlite3. It is kept apart (node_modules/.crossbuy/...) and handed to
// better-sqlite3 through its `nativeBinding` option, so one `npm install` serves `npm start` and
// `npm test` alike. Built on first `npm start` on a desktop (prebuilt download, else compile).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export function electronSqlitePath(root, electronVersion) {
  return join(root, 'node_modules', '.crossbuy', `better-sqlite3-electron-${electronVersion}`, 'build', 'Release', 'better_sqlite3.node');
}

export function ensureElectronSqlite({ root, electronVersion }) {
  const target = electronSqlitePath(root, electronVersion);
  if (existsSync(target)) return target;
  const source = join(root, 'node_modules', 'better-sqlite3');
  const work = join(root, 'node_modules', '.crossbuy', `better-sqlite3-electron-${electronVersion}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  cpSync(source, work, { recursive: true, filter: (path) => !path.includes(`${join('build', 'Release')}`) });
  process.stdout.write(`crossbuy: building better-sqlite3 for Electron ${electronVersion} (once)...\n`);
  const bin = join(root, 'node_modules', '.bin');
  const prebuilt = spawnSync(join(bin, 'prebuild-install'), ['--runtime', 'electron', '--target', electronVersion], { cwd: work, stdio: 'inherit' });
  if (prebuilt.status !== 0 || !existsSync(target)) {
    const compiled = spawnSync(
      'npx',
      ['--yes', 'node-gyp', 'rebuild', '--release', `--target=${electronVersion}`, '--dist-url=https://electronjs.org/headers'],
      { cwd: work, stdio: 'inherit', shell: process.platform === 'win32' },
    );
    if (compiled.status !== 0 || !existsSync(target)) throw new Error('prebuild-install and node-gyp both failed');
  }
  return target;
}
