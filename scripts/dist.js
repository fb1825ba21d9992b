#!/usr/bin/env node
// `npm run dist`: desktop packages for this OS into dist/ (electron-builder.yml). Says what it is doing at
// each step, and where electron-builder fails (most often: no network for the Electron download the first
// time), says why in one line, with the full output kept in dist/electron-builder.log.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { distFailure } from './launcher/dist-failure.js';
import { ENTRIES, nodeEntry } from './launcher/spawn-forms.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const where = { execPath: process.execPath, root };
const require = createRequire(join(root, 'package.json'));
const builderVersion = require('electron-builder/package.json').version;
const electronDir = join(root, 'node_modules', 'electron');
const electronVersion = require('electron/package.json').version;
const say = (line) => process.stdout.write(`dist: ${line}\n`);

say('1/2 building main, preload and renderer into out/ (electron-vite build)');
const electronVite = nodeEntry(where, ENTRIES.electronVite, ['build']);
const build = spawnSync(electronVite.command, electronVite.args, { ...electronVite.options, cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  process.stderr.write(`dist: the electron-vite build failed (exit ${build.status}); nothing was packaged\n`);
  process.exit(build.status ?? 1);
}

// An Electron already downloaded by `npm start` is used as it is: no second download.
const pathFile = join(electronDir, 'path.txt');
const localElectron = existsSync(pathFile) && existsSync(join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim()));
const args = ['--config', 'electron-builder.yml', ...(localElectron ? [`-c.electronDist=${join(electronDir, 'dist')}`] : [])];
say(
  `2/2 packaging for ${process.platform} with electron-builder ${builderVersion} into dist/ ` +
    (localElectron ? `(Electron ${electronVersion} from node_modules/electron)` : `(downloads Electron ${electronVersion}, ~110 MB, and its packaging tools the first time)`),
);
mkdirSync(join(root, 'dist'), { recursive: true });
const logFile = join('dist', 'electron-builder.log');
const log = createWriteStream(join(root, logFile));
let output = '';
const builder = nodeEntry(where, ENTRIES.electronBuilder, args);
const child = spawn(builder.command, builder.args, { ...builder.options, cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
for (const stream of [child.stdout, child.stderr]) {
  let partial = '';
  stream.on('data', (chunk) => {
    const text = chunk.toString();
    output += text;
    log.write(text);
    // electron-builder's own progress lines ("• packaging ...", "• downloading ..."), indented under ours;
    // a chunk may end inside a line, which waits for its end.
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.trim().startsWith('•')) process.stdout.write(`  ${line.trim()}\n`);
  });
}
child.on('close', (code) => {
  log.end();
  if (code === 0) {
    say(`done: the packages are in dist/ (log: ${logFile})`);
    return;
  }
  process.stderr.write(`${distFailure(output, logFile)}\n`);
  process.exit(code ?? 1);
});
