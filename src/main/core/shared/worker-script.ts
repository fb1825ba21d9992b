import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where a worker thread's script is: its bundle beside the bundle that runs this code (the CLI's out/cli,
 * the desktop's out/main, or out/main's chunks folder), else the TypeScript source, run through tsx
 * (development and tests). `here` is the calling module's folder (its `import.meta.url`), `bundle` the
 * entry's name in scripts/build-cli.js and electron.vite.config.ts, `source` the .ts file beside the caller.
 */
export function workerScript(here: string, bundle: string, source: string): { file: string; execArgv?: string[] } {
  for (const dir of [unpackedDir(here), here]) {
    for (const name of [`${bundle}.mjs`, `${bundle}.js`, `../${bundle}.js`]) {
      if (existsSync(join(dir, name))) return { file: join(dir, name) };
    }
  }
  return { file: join(here, source), execArgv: ['--import', 'tsx'] };
}

/**
 * In a packaged desktop app the bundles sit in app.asar, which a worker thread cannot load an ES module
 * from (Electron's asar reading is not there for the worker's module loader); electron-builder.yml
 * unpacks them, and the packages they import, to app.asar.unpacked beside it. Pure.
 */
export function unpackedDir(here: string): string {
  return here.replace(/([\\/])app\.asar(?=[\\/]|$)/, '$1app.asar.unpacked');
}
