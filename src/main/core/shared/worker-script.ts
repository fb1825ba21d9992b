import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where a worker thread's script is: its bundle beside the bundle that runs this code (the CLI's out/cli,
 * the desktop's out/main, or out/main's chunks folder), else the TypeScript source, run through tsx
 * (development and tests). `here` is the calling module's folder (its `import.meta.url`), `bundle` the
 * entry's name in scripts/build-cli.js and electron.vite.config.ts, `source` the .ts file beside the caller.
 */
export function workerScript(here: string, bundle: string, source: string): { file: string; execArgv?: string[] } {
  for (const name of [`${bundle}.mjs`, `${bundle}.js`, `../${bundle}.js`]) {
    if (existsSync(join(here, name))) return { file: join(here, name) };
  }
  return { file: join(here, source), execArgv: ['--import', 'tsx'] };
}
