import react from '@vitejs/plugin-react';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));

export const RENDERER_ROOT = resolve(here, 'src/renderer');
export const RENDERER_OUT_DIR = resolve(here, 'out/renderer');

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * Writes a .br and a .gz beside every text asset of the build, once, at maximum compression: the headless
 * server hands them out as they are (@fastify/static `preCompressed`), so no request pays for compressing.
 * Node's own zlib: no plugin dependency.
 */
function precompress(): Plugin {
  // The directory this build really wrote (electron-vite's --outDir moves it), not the default one.
  let outDir = RENDERER_OUT_DIR;
  return {
    name: 'crossbuy-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The renderer build, shared by the desktop app (electron.vite.config.ts imports it) and the headless UI
 * (`npm run build:ui` uses this file directly). `base: './'` makes every asset URL relative, so the same
 * output works from file:// in Electron and from / on the localhost server.
 */
export const rendererConfig = {
  root: RENDERER_ROOT,
  base: './',
  plugins: [react(), precompress()],
  build: {
    outDir: RENDERER_OUT_DIR,
    emptyOutDir: true,
    // Pages are chunks of their own (app/lazyPage.ts); the entry holds React, and the app's chunk
    // (app/start.ts, imported by main.tsx) Mantine, the shell and the nav.
    chunkSizeWarningLimit: 1024,
    // A page's chunk is imported without a modulepreload link per dependency: appending some thirty links
    // was a long task of its own (70 ms at 4x CPU on the product page), and on localhost or file:// the
    // chunks arrive as fast when imported. CSS dependencies still load before the chunk runs.
    modulePreload: { resolveDependencies: () => [] },
    rolldownOptions: {
      input: resolve(RENDERER_ROOT, 'index.html'),
    },
  },
} satisfies UserConfig;

export default defineConfig(rendererConfig);
