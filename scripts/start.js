#!/usr/bin/env node
// `npm start`: the desktop app. Where Electron cannot run (no binary and no way to download it, or no
// display), says why in one line and serves the same UI headless instead, printing its URL.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function electronBinary() {
  const dir = join(root, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (existsSync(pathFile)) {
    const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
    if (existsSync(binary)) return { binary };
  }
  if (!existsSync(join(dir, 'install.js'))) return { reason: 'the electron package is not installed' };
  // Electron downloads its binary on first use; try once, briefly, without a shell prompt.
  const result = spawnSync(process.execPath, [join(dir, 'install.js')], { stdio: 'ignore', timeout: 120_000 });
  if (result.status === 0 && existsSync(pathFile)) {
    const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
    if (existsSync(binary)) return { binary };
  }
  return { reason: 'its binary is not installed and could not be downloaded' };
}

function displayMissing() {
  return process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
}

function runHeadless(reason) {
  process.stdout.write(`crossbuy: Electron cannot start here (${reason}); serving the UI headless instead.\n`);
  const ensure = spawnSync(process.execPath, [join(root, 'scripts', 'ensure-ui.js')], { stdio: 'inherit' });
  if (ensure.status !== 0) process.exit(ensure.status ?? 1);
  const child = spawn(process.execPath, [join(root, 'bin', 'crossbuy.js'), 'serve', ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

function runElectron(binary) {
  const build = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { stdio: 'inherit', cwd: root });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const child = spawn(binary, [root, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: process.env,
  });
  child.on('exit', (code) => process.exit(code ?? 0));
}

if (displayMissing()) runHeadless('no display: neither DISPLAY nor WAYLAND_DISPLAY is set');
else {
  const found = electronBinary();
  if (found.binary) runElectron(found.binary);
  else runHeadless(found.reason);
}
