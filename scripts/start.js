#!/usr/bin/env node
// `npm start`: the desktop app. Where Electron cannot run (no binary and no way to download it, no
// display, or it dies while starting), says why and serves the same UI headless instead, printing its URL.
// The decisions are pure functions in scripts/launcher/ (tested); this file only runs them.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronEnv, parseStartArgs, serveArgs } from './launcher/args.js';
import { downloadElectron } from './launcher/electron-download.js';
import { electronOutcome, missingDisplay } from './launcher/outcome.js';
import { ensureInstalled, ensureSupportedNode } from './launcher/runtime.js';
import { ENTRIES, nodeEntry } from './launcher/spawn-forms.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// `npm start` runs on the project's Node 24 (node_modules/.bin/node); `node scripts/start.js` on an older
// Node runs again on it.
await ensureSupportedNode(root);
ensureInstalled(root);
const electronDir = join(root, 'node_modules', 'electron');
const where = { execPath: process.execPath, root };

function installedBinary() {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

async function electronBinary() {
  const present = installedBinary();
  if (present) return { binary: present };
  if (!existsSync(join(electronDir, 'install.js'))) return { reason: 'the electron package is not installed' };
  const download = await downloadElectron(electronDir);
  if (download.ok && installedBinary()) return { binary: installedBinary() };
  return { reason: `its binary is not installed and could not be downloaded: ${download.ok ? 'no binary after unpacking' : download.error}` };
}

function run(spec, extra = {}) {
  return spawnSync(spec.command, spec.args, { ...spec.options, stdio: 'inherit', cwd: root, ...extra });
}

function runHeadless(options, reason, hint) {
  process.stdout.write(`crossbuy: Electron cannot start here (${reason}); serving the UI headless instead.\n`);
  if (hint) process.stdout.write(`${hint}\n`);
  const ensure = run({ command: process.execPath, args: [join(root, 'scripts', 'ensure-ui.js')], options: { shell: false } });
  if (ensure.status !== 0) process.exit(ensure.status ?? 1);
  const child = spawn(process.execPath, [join(root, 'bin', 'crossbuy.js'), ...serveArgs(options)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function runElectron(binary, options) {
  const build = run(nodeEntry(where, ENTRIES.electronVite, ['build']));
  if (build.status !== 0) process.exit(build.status ?? 1);
  const started = Date.now();
  let forwardedSignal = null;
  const child = spawn(binary, [root, ...options.rest], { stdio: 'inherit', env: electronEnv(process.env, options, (p) => resolve(p)) });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      forwardedSignal = signal;
      child.kill(signal);
    });
  }
  child.on('error', (error) => runHeadless(options, `Electron could not be run: ${error.message}`));
  child.on('exit', (code, signal) => {
    const outcome = electronOutcome({ code, signal, uptimeMs: Date.now() - started, forwardedSignal, platform: process.platform, electronDir });
    if (outcome.action === 'exit') process.exit(outcome.code);
    else runHeadless(options, outcome.reason, outcome.hint);
  });
}

let options;
try {
  options = parseStartArgs(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`crossbuy: ${error.message}\n`);
  process.exit(2);
}
const noDisplay = missingDisplay(process.platform, process.env);
if (noDisplay) runHeadless(options, noDisplay);
else {
  const found = await electronBinary();
  if (found.binary) runElectron(found.binary, options);
  else runHeadless(options, found.reason);
}
