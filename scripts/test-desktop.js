#!/usr/bin/env node
// `npm run test:desktop`: builds the app and runs test/desktop/*.spec.ts against the real Electron binary
// with Playwright's `_electron`, under Xvfb when there is no display. Reports itself skipped, with the
// reason, where that cannot run (no Electron binary on CI machines); see launcher/desktop-test.js.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { desktopTestPlan } from './launcher/desktop-test.js';
import { ENTRIES, nodeEntry } from './launcher/spawn-forms.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const electronDir = join(root, 'node_modules', 'electron');

function electronBinary() {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

function which(name) {
  for (const dir of (process.env.PATH ?? '').split(process.platform === 'win32' ? ';' : ':')) if (dir && existsSync(join(dir, name))) return join(dir, name);
  return null;
}

const binary = electronBinary();
const plan = desktopTestPlan({
  binary,
  platform: process.platform,
  display: Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY),
  xvfbRun: which('xvfb-run'),
});
if ('skip' in plan) {
  process.stdout.write(`test:desktop: skipped: ${plan.skip}\n`);
  process.exit(0);
}
const where = { execPath: process.execPath, root };
const build = nodeEntry(where, ENTRIES.electronVite, ['build']);
const built = spawnSync(build.command, build.args, { ...build.options, cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
const playwright = nodeEntry(where, ENTRIES.playwright, ['test', '-c', join('test', 'desktop', 'playwright.config.ts')]);
const [command, ...args] = [...plan.wrapper, playwright.command, ...playwright.args];
const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, CROSSBUY_ELECTRON_BINARY: binary } });
process.exit(result.status ?? 1);
