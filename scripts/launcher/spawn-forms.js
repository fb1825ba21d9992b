// How the scripts start other programs, as a pure function of the platform, so Windows' rules are tested
// on Linux. Windows cannot spawn `npx`/`npm` without a shell (they are .cmd batch files, which Node
// refuses to run without `shell: true` since its 2024 security release), and `node_modules/.bin/` entries
// without an extension are shell scripts. A package's JavaScript entry run by this very Node works on
// every platform, with no shell and no quoting: the only form the scripts use.
import { posix, win32 } from 'node:path';

/**
 * A package's bin script run by the current Node: `node <root>/node_modules/<entry> ...args`.
 * @param {{ execPath: string, root: string, platform?: NodeJS.Platform }} where
 * @param {string} entry the JS entry under node_modules, e.g. 'vite/bin/vite.js'
 * @param {string[]} args
 * @returns {{ command: string, args: string[], options: { shell: false } }}
 */
export function nodeEntry(where, entry, args) {
  const path = (where.platform ?? process.platform) === 'win32' ? win32 : posix;
  return { command: where.execPath, args: [path.join(where.root, 'node_modules', ...entry.split('/')), ...args], options: { shell: false } };
}

/** The package entries the scripts run, in one place. */
export const ENTRIES = {
  vite: 'vite/bin/vite.js',
  electronVite: 'electron-vite/bin/electron-vite.js',
  playwright: '@playwright/test/cli.js',
  electronBuilder: 'electron-builder/cli.js',
};
