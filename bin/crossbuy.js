#!/usr/bin/env node
// The crossbuy CLI. Runs the built bundle (out/cli/crossbuy.mjs, made by `npm install`'s prepare step),
// rebuilding it first when a source is newer, so a checkout never runs stale code. CROSSBUY_TSX=1 runs
// the TypeScript sources through tsx instead (development; also the fallback when a build fails).
import { existsSync, readdirSync, statSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureInstalled, ensureServerFlags, ensureSupportedNode } from '../scripts/launcher/runtime.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Started by an older Node (a global `npm link`, `node bin/crossbuy.js`): run again on the project's own.
await ensureSupportedNode(root);
// `serve` and `mcp` run for hours: V8's young generation capped (SERVER_V8_FLAGS), set as the process starts.
ensureServerFlags();
// A clone where `npm install` has not run: one line saying so, not a stack trace about a missing module.
ensureInstalled(root);
// V8's code cache on disk: modules parsed once are not parsed again at the next start (Node 22.1+). A
// namespace import, as a named import of a missing export fails before any line runs.
nodeModule.enableCompileCache?.();
const bundle = join(root, 'out', 'cli', 'crossbuy.mjs');
const sources = ['src/main/core', 'src/main/cli', 'src/main/headless', 'src/main/mcp', 'src/contract', 'scripts/build-cli.js', 'package.json'].map((p) => join(root, p));

/** Whether any file under `path` was modified after `time` (stops at the first one). */
function newerThan(path, time) {
  if (!existsSync(path)) return false;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs > time;
  return readdirSync(path).some((entry) => newerThan(join(path, entry), time));
}

async function load() {
  if (process.env.CROSSBUY_TSX !== '1') {
    try {
      const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
      // A published install has no sources: whatever bundle it has is the one.
      const stale = !built || (existsSync(join(root, 'src')) && sources.some((s) => newerThan(s, built)));
      if (stale) await (await import('../scripts/build-cli.js')).buildCli();
      return await import(pathToFileURL(bundle).href);
    } catch (error) {
      process.stderr.write(`crossbuy: could not build the CLI bundle (${error?.message ?? error}); running the sources through tsx\n`);
    }
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import('../src/main/cli/main.ts');
}

const { main } = await load();
await main(process.argv);
