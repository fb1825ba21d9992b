#!/usr/bin/env node
// `npm install`'s last step (prepare), run on the project's Node: builds the CLI bundle, and says which Node
// the scripts run on where npm itself ran on an older one (its EBADENGINE warnings are about that one),
// and puts back the lockfile field that spares npm 10 a node-gyp build (launcher/lockfile.js).
import { join } from 'node:path';
import { buildCli } from './build-cli.js';
import { keepPrebuiltOnly } from './launcher/lockfile.js';
import { npmRuntimeNote } from './launcher/runtime.js';

try {
  if (keepPrebuiltOnly(join(import.meta.dirname, '..', 'package-lock.json'))) {
    process.stdout.write('package-lock.json: put back "gypfile": false on better-sqlite3 (npm drops it when it writes the file)\n');
  }
} catch (error) {
  // A lockfile this install may not write (a read-only checkout) must not fail the install it serves.
  process.stdout.write(`package-lock.json: could not put back better-sqlite3's "gypfile": false (${error instanceof Error ? error.message : String(error)})\n`);
}

await buildCli();
process.stdout.write('built out/cli/crossbuy.mjs\n');
const note = npmRuntimeNote(process.env.npm_config_user_agent, process.versions.node);
if (note) process.stdout.write(`${note}\n`);
