#!/usr/bin/env node
// `npm run docs:screenshot`: rewrites docs/screenshot.png (the README's picture) with the screenshot spec,
// in English and light mode only. The spec itself (test/e2e/screenshots.spec.ts) takes it.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTRIES, nodeEntry } from './launcher/spawn-forms.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const where = { execPath: process.execPath, root };
const env = { ...process.env, CROSSBUY_DOCS_SCREENSHOT: '1' };
for (const [script, args] of [
  [join(root, 'scripts', 'ensure-ui.js'), []],
  [nodeEntry(where, ENTRIES.playwright, []).args[0], ['test', 'test/e2e/screenshots.spec.ts', '--grep', 'in en, light']],
]) {
  const run = spawnSync(process.execPath, [script, ...args], { cwd: root, env, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
process.stdout.write('docs:screenshot: wrote docs/screenshot.png\n');
