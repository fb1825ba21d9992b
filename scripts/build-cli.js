#!/usr/bin/env node
// Builds the CLI and headless server into out/cli/ (ESM, entry crossbuy.mjs), so `crossbuy` starts
// without transpiling TypeScript at every run (tsx took ~1 s of every start). Packages stay external:
// they load from node_modules (better-sqlite3 is native), all but TypeBox (BUNDLED). Code splitting keeps the server (fastify,
// typebox, ajv: ~300 ms to load) out of commands that do not serve, such as --help. Run by `npm install`
// (prepare) and by bin/crossbuy.js whenever a source is newer than the bundle.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'out', 'cli');
export const CLI_BUNDLE = join(outDir, 'crossbuy.mjs');

/** esbuild as tsx (a dependency) brings it: no extra package to install. */
function esbuild() {
  const fromHere = createRequire(import.meta.url);
  return createRequire(fromHere.resolve('tsx/package.json'))('esbuild');
}

/**
 * Packages bundled into the CLI rather than loaded from node_modules: TypeBox's build is 709 ES modules,
 * each resolved, read and linked at every start (~100 ms of a server's cold start, docs/PERFORMANCE.md);
 * bundled, esbuild keeps only what the schemas use, in the chunks that use it. TypeBox marks its schemas
 * with Symbol.for keys, so a schema is the same to any copy.
 */
const BUNDLED = ['typebox'];

/** Every bare import is external (loaded from node_modules) except the BUNDLED packages. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      return BUNDLED.includes(name) ? undefined : { path: args.path, external: true };
    });
  },
};

export async function buildCli() {
  const { build } = esbuild();
  // Built aside and swapped in: a process building at the same time, or one starting meanwhile, never
  // sees half a bundle (at worst it finds none and builds its own).
  const temp = `${outDir}.${process.pid}.tmp`;
  rmSync(temp, { recursive: true, force: true });
  await build({
    // The worker threads are entries of their own, found beside the bundle (shared/worker-script.ts).
    entryPoints: {
      crossbuy: join(root, 'src', 'main', 'cli', 'main.ts'),
      'request-log-worker': join(root, 'src', 'main', 'core', 'requests', 'log-worker.ts'),
      'backup-check-worker': join(root, 'src', 'main', 'core', 'data', 'backup-check-worker.ts'),
    },
    outdir: temp,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    plugins: [externalPackages],
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  const old = `${outDir}.${process.pid}.old`;
  if (existsSync(outDir)) renameSync(outDir, old);
  try {
    renameSync(temp, outDir);
  } catch (error) {
    // Another process swapped its build in first: use that one.
    if (!existsSync(CLI_BUNDLE)) throw error;
    rmSync(temp, { recursive: true, force: true });
  }
  rmSync(old, { recursive: true, force: true });
  return CLI_BUNDLE;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildCli();
  process.stdout.write(`built ${CLI_BUNDLE.slice(root.length + 1)}\n`);
}
