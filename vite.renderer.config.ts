import react from '@vitejs/plugin-react';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));

export const RENDERER_ROOT = resolve(here, 'src/renderer');
export const RENDERER_OUT_DIR = resolve(here, 'out/renderer');

/**
 * The renderer build, shared by the desktop app (electron.vite.config.ts imports it) and the headless UI
 * (`npm run build:ui` uses this file directly). `base: './'` makes every asset URL relative, so the same
 * output works from file:// in Electron and from / on the localhost server.
 */
export const rendererConfig = {
  root: RENDERER_ROOT,
  base: './',
  plugins: [react()],
  build: {
    outDir: RENDERER_OUT_DIR,
    emptyOutDir: true,
    // Loaded from disk or loopback, never over a network: one ~500 kB bundle is fine.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      input: resolve(RENDERER_ROOT, 'index.html'),
    },
  },
} satisfies UserConfig;

export default defineConfig(rendererConfig);
