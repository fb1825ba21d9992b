// Keeps `"gypfile": false` on better-sqlite3's entry in package-lock.json, for npm before 11.16.
//
// npm adds `node-gyp rebuild` as the install step of any dependency that ships a binding.gyp and has no
// install script of its own, unless the package says `"gypfile": false`. better-sqlite3 says so (it
// carries prebuilt binaries, and its binding.gyp builds nothing when one fits), but npm installing from
// package-lock.json reads the package's fields from the lockfile's entry, which npm never writes that
// field into. So npm 10 (Node 20 and 22's npm) ran node-gyp, which needs Node's headers from nodejs.org,
// Python and a C++ toolchain, and a newcomer's first `npm install` failed without them. npm 11.16+ skips
// the step anyway (package.json's `allowScripts`). npm drops the field whenever it writes the lockfile,
// so `npm install`'s last step (prepare) puts it back.
import { readFileSync, writeFileSync } from 'node:fs';

export const PREBUILT_ONLY = ['better-sqlite3'];

/**
 * The lockfile's text with `"gypfile": false` on each PREBUILT_ONLY entry, or null when every entry already
 * has it (or the lockfile has none of them).
 * @param {string} text package-lock.json as npm wrote it
 * @returns {string | null}
 */
export function withPrebuiltOnly(text) {
  const lock = JSON.parse(text);
  let changed = false;
  for (const name of PREBUILT_ONLY) {
    const entry = lock.packages?.[`node_modules/${name}`];
    if (entry === undefined || entry.gypfile === false) continue;
    entry.gypfile = false;
    changed = true;
  }
  if (!changed) return null;
  // npm's own layout, as this file has it: its indent and its line ends (CRLF in a Windows checkout).
  const indent = /^\{\r?\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return `${JSON.stringify(lock, null, indent)}\n`.replace(/\n/g, eol);
}

/**
 * Puts the field back into the project's package-lock.json when npm dropped it; says whether it wrote.
 * @param {string} path package-lock.json
 * @returns {boolean}
 */
export function keepPrebuiltOnly(path) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return false; // installed without a lockfile (--no-package-lock): nothing to keep
  }
  const next = withPrebuiltOnly(text);
  if (next === null) return false;
  writeFileSync(path, next);
  return true;
}
