#!/usr/bin/env node
// `npm install`'s last step (prepare), run on the project's Node: builds the CLI bundle, and says which Node
// the scripts run on where npm itself ran on an older one (its EBADENGINE warnings are about that one).
import { buildCli } from './build-cli.js';
import { npmRuntimeNote } from './launcher/runtime.js';

await buildCli();
process.stdout.write('built out/cli/crossbuy.mjs\n');
const note = npmRuntimeNote(process.env.npm_config_user_agent, process.versions.node);
if (note) process.stdout.write(`${note}\n`);
