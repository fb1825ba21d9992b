import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import { rendererConfig } from './vite.renderer.config.js';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The desktop build: main process (ESM, out/main/index.js), preload (CommonJS, out/preload/index.cjs) and
 * the renderer (the very config of the headless UI, out/renderer).
 */
export default defineConfig({
  main: {
    build: {
      // electron and the Node builtins are external through electron-vite's preset; the packages in
      // `dependencies` load from node_modules at run time, better-sqlite3 (a native module) above all.
      externalizeDeps: { include: ['better-sqlite3'] },
      // Three entries: the main process (windows, tray, bridge), the core host it starts as a utility
      // process (SQLite, the API), and the host's request-log thread (core/requests/log-worker.ts, found
      // beside the bundle by request-log.ts). Only the host's bundles reach better-sqlite3.
      lib: {
        entry: {
          index: resolve(here, 'src/main/index.ts'),
          'core-host': resolve(here, 'src/main/core-host/index.ts'),
          'request-log-worker': resolve(here, 'src/main/core/requests/log-worker.ts'),
          'backup-check-worker': resolve(here, 'src/main/core/data/backup-check-worker.ts'),
        },
        formats: ['es'],
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can be neither ESM nor require packages: one self-contained CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(here, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: rendererConfig,
});
