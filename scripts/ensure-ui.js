#!/usr/bin/env node
// Builds the headless UI (out/renderer) when it is missing or older than its sources; otherwise does
// nothing. Used by `npm run serve` and `npm run test:e2e` (and the e2e global setup).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './launcher/runtime.js';
import { ENTRIES, nodeEntry } from './launcher/spawn-forms.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const output = join(root, 'out', 'renderer', 'index.html');
const CONFIG = 'vite.renderer.config.ts';
// The page bundles the contract's rules and enumerations and the typed client (src/client) with its own code.
const inputs = [join(root, 'src', 'renderer'), join(root, 'src', 'contract'), join(root, 'src', 'client'), join(root, CONFIG)];

/** Newest modification time under a file or folder (0 when absent). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

function reason() {
  if (!existsSync(output)) return 'out/renderer is missing';
  const built = statSync(output).mtimeMs;
  const changed = inputs.find((input) => newest(input) > built);
  return changed ? `${changed.slice(root.length + 1)} changed` : null;
}

ensureInstalled(root);
const why = reason();
if (why) {
  process.stdout.write(`ensure-ui: building the UI (${why})\n`);
  // Vite's JS entry run by this Node: no `npx` (a .cmd file Windows cannot spawn without a shell).
  const vite = nodeEntry({ execPath: process.execPath, root }, ENTRIES.vite, ['build', '--config', CONFIG, '--logLevel', 'warn']);
  const result = spawnSync(vite.command, vite.args, {
    ...vite.options,
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, npm_config_loglevel: 'error' },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    process.stderr.write(`ensure-ui: the UI build failed (exit ${result.status})\n`);
    process.exit(result.status ?? 1);
  }
}
