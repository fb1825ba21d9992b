import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CsvRowCounter } from '../../../src/main/cli/csv-rows.js';
import { plural } from '../../../src/main/cli/args.js';
import { backupSource } from '../../../src/main/cli/data.js';
import { openCore } from '../../../src/main/core/index.js';

/**
 * Issue 24: the CLI names the data folder it read whenever it finds nothing there, `data-dir` prints the
 * folder alone, backups are made and listed from the CLI and restored by name, `export --out` says what
 * it wrote, and counts read "1 step", "2 steps".
 */
const root = join(import.meta.dirname, '..', '..', '..');
let base: string;
let dir: string;

function crossbuy(args: string[], options: { cwd?: string } = {}) {
  return spawnSync(process.execPath, [join(root, 'bin', 'crossbuy.js'), ...args], { encoding: 'utf8', cwd: options.cwd });
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'crossbuy-folder-'));
  dir = join(base, 'data');
  openCore({ dataDir: dir }).close();
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('a command on a folder with nothing in it', () => {
  it('says which folder it started, on stderr, and keeps stdout for the answer', () => {
    const fresh = join(base, 'fresh');
    const run = crossbuy(['keys', 'create', '--name', 'first', '--scopes', 'all', '--data', fresh]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^sk-[A-Za-z0-9_-]{20,}\n$/);
    expect(run.stderr).toBe(`crossbuy: ${fresh} had no data: started it with the demo data (another folder: --data DIR or CROSSBUY_DATA)\n`);
  });

  it('names the folder when there are no keys, or no such order', () => {
    const keys = crossbuy(['keys', 'list', '--data', dir]);
    expect(keys.stdout).toBe(`no API keys in ${dir}\n`);
    const order = crossbuy(['admin', 'advance', 'PO000000000000', '--data', dir]);
    expect(order.status).toBe(1);
    expect(order.stderr.trim().split('\n')).toHaveLength(1);
    expect(order.stderr).toContain(`(data folder ${dir})`);
  });

  it('names the folder when it has no database at all, creating nothing', () => {
    const missing = join(base, 'missing');
    for (const args of [['doctor'], ['export', 'orders'], ['data', 'backups'], ['data', 'backup'], ['data', 'restore', 'x.db']]) {
      const run = crossbuy([...args, '--data', missing]);
      expect(run.status, args.join(' ')).toBe(1);
      expect(run.stderr, args.join(' ')).toBe(`crossbuy: no crossbuy data in ${missing} (another folder: --data DIR or CROSSBUY_DATA)\n`);
    }
    expect(existsSync(missing)).toBe(false);
  });
});

describe('crossbuy data-dir', () => {
  it('prints the folder alone, so cd "$(crossbuy data-dir)" works', () => {
    const run = crossbuy(['data-dir', '--data', dir]);
    expect(run.stdout).toBe(`${dir}\n`);
  });

  it('adds the token files with --verbose', () => {
    const run = crossbuy(['data-dir', '--data', dir, '--verbose']);
    expect(run.stdout.split('\n')[0]).toBe(`data folder:  ${dir}`);
    expect(run.stdout).toContain(join(dir, 'admin-token'));
    expect(run.stdout).toContain(join(dir, 'crossbuy.db'));
  });
});

describe('crossbuy data backup, backups, restore NAME', () => {
  it('backs up, lists the backup, and restores it by name from any folder', () => {
    const empty = crossbuy(['data', 'backups', '--data', dir]);
    expect(empty.status).toBe(0);
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toContain(`no backups in ${join(dir, 'backups')}`);

    const made = crossbuy(['data', 'backup', '--data', dir]);
    expect(made.status).toBe(0);
    const file = made.stdout.trim();
    expect(file.startsWith(join(dir, 'backups', 'crossbuy-'))).toBe(true);
    expect(existsSync(file)).toBe(true);

    const listed = crossbuy(['data', 'backups', '--data', dir]);
    expect(listed.stdout.split('\t')[0]).toBe(basename(file));

    const restored = crossbuy(['data', 'restore', basename(file), '--data', dir], { cwd: base });
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout.split('\n')[0]).toBe(`restored ${file}`);
  });

  it('says where it looked for a name it cannot find', () => {
    const run = crossbuy(['data', 'restore', 'crossbuy-nope.db', '--data', dir], { cwd: base });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(`no backup named crossbuy-nope.db in ${join(dir, 'backups')}`);
  });

  it('takes a path from the current folder, and prefers the backups folder for a bare name', () => {
    expect(backupSource('package.json', dir, root)).toEqual({ file: join(root, 'package.json') });
    expect(backupSource('nothing.db', dir, root)).toHaveProperty('error');
  });
});

describe('crossbuy export --out', () => {
  it('says what it wrote and where, and that nothing matched when nothing did', () => {
    const out = join(base, 'ledger.csv');
    const run = crossbuy(['export', 'transactions', '--out', out, '--data', dir]);
    expect(run.status).toBe(0);
    const rows = readFileSync(out, 'utf8').trimEnd().split('\r\n').length - 1;
    expect(rows).toBeGreaterThan(0);
    expect(run.stdout).toBe(`wrote ${plural(rows, 'wallet transaction')} to ${out}\n`);

    const none = crossbuy(['export', 'orders', '--out', out, '--status', 'completed', '--data', dir]);
    expect(none.stdout).toBe(`wrote 0 orders to ${out} (no orders matching the filters in ${dir})\n`);
    const toStdout = crossbuy(['export', 'orders', '--status', 'completed', '--data', dir]);
    expect(toStdout.stdout.split('\r\n')[0]).toMatch(/^orderNo,/);
    expect(toStdout.stderr).toBe(`crossbuy: no orders matching the filters in ${dir}\n`);
  });

  it('counts rows, not line breaks inside quoted fields', () => {
    const counter = new CsvRowCounter();
    for (const chunk of ['a,b\r\n1,"two\r\nlines"\r', '\n2,"say ""hi""\n"\r\n']) counter.add(chunk);
    expect(counter.rows).toBe(3);
  });
});

describe('counts', () => {
  it('read "1 step", "0 steps", "2 steps"', () => {
    expect(plural(1, 'autopilot step')).toBe('1 autopilot step');
    expect(plural(0, 'autopilot step')).toBe('0 autopilot steps');
    expect(plural(2, 'wallet transaction')).toBe('2 wallet transactions');
    const run = crossbuy(['admin', 'autopilot', 'run', '--data', dir]);
    expect(run.stdout).toMatch(/^\d+ steps? run\n$/);
    expect(run.stdout).not.toMatch(/^1 steps/);
  });
});
