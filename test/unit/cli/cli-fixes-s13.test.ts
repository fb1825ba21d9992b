import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServing } from '../../../src/main/cli/serve.js';
import { plainHttpWarning } from '../../../src/main/cli/mcp.js';
import { serveWorldFile } from '../../../src/main/cli/world-file.js';
import { openCore } from '../../../src/main/core/index.js';
import { databaseFile } from '../../../src/main/core/data-dir.js';
import { privateDir } from '../../../src/main/core/shared/private-files.js';

/**
 * Walk s13 (the CLI): one server per folder, doctor on a damaged database, read-only folders, read-only
 * commands that no longer seed a mistyped --data, and the small ones (the temporary folder of
 * `serve --world-file`, `mcp --url` over plain http, `keys revoke abc`).
 */
const root = join(import.meta.dirname, '..', '..', '..');
let base: string;
let data: string;

function crossbuy(args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawnSync(process.execPath, [join(root, 'bin', 'crossbuy.js'), ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'crossbuy-s13-'));
  data = join(base, 'data');
  openCore({ dataDir: data }).close();
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('one server per data folder', () => {
  it('refuses to start on a folder whose server.pid names another live process, and leaves that lock alone', async () => {
    const dir = join(base, 'held');
    openCore({ dataDir: dir }).close();
    // The parent of this test process is alive and is not this process: a live holder.
    const lock = `${JSON.stringify({ pid: process.ppid, origin: 'http://127.0.0.1:4839' })}\n`;
    writeFileSync(join(dir, 'server.pid'), lock);
    await expect(startServing({ data: dir, port: '0' })).rejects.toThrow(`a server (pid ${process.ppid}, http://127.0.0.1:4839) already serves ${dir}`);
    expect(readFileSync(join(dir, 'server.pid'), 'utf8')).toBe(lock);
  });

  it('starts over a stale lock (a dead process), and a stop leaves a lock that is not its own', async () => {
    const dir = join(base, 'stale');
    openCore({ dataDir: dir }).close();
    writeFileSync(join(dir, 'server.pid'), `${JSON.stringify({ pid: 2 ** 22 + 12345, origin: 'http://127.0.0.1:1' })}\n`);
    const running = await startServing({ data: dir, port: '0' });
    expect(JSON.parse(readFileSync(join(dir, 'server.pid'), 'utf8')).pid).toBe(process.pid);
    const other = `${JSON.stringify({ pid: process.ppid, origin: 'http://127.0.0.1:4839' })}\n`;
    writeFileSync(join(dir, 'server.pid'), other);
    await running.stop();
    expect(readFileSync(join(dir, 'server.pid'), 'utf8')).toBe(other);
  }, 30_000);
});

describe('crossbuy doctor on a damaged database', () => {
  let damaged: string;
  beforeAll(() => {
    damaged = join(base, 'damaged');
    openCore({ dataDir: damaged }).close();
    const file = databaseFile(damaged);
    const bytes = readFileSync(file);
    expect(bytes.length).toBeGreaterThan(4096 * 31);
    bytes.fill(0xff, 4096 * 30, 4096 * 31);
    writeFileSync(file, bytes);
  });

  it('reports FAIL database integrity with SQLite\'s message, the rest not run, exit 1, no stack trace', () => {
    const run = crossbuy(['doctor', '--data', damaged]);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^FAIL {2}database integrity: /m);
    expect(run.stdout).toMatch(/malformed|error code 11/);
    expect(run.stdout).toMatch(/^skip {2}ledger: not run: /m);
    expect(run.stderr).not.toMatch(/\n\s+at |SqliteError|triggerUncaughtException/);
  }, 60_000);

  it('prints valid JSON with --full --json', () => {
    const run = crossbuy(['doctor', '--full', '--json', '--data', damaged]);
    expect(run.status).toBe(1);
    const lines = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { ok: boolean; checks: { name: string; ok: boolean; notRun?: string }[] });
    expect(lines[0]!.ok).toBe(false);
    const integrity = lines[0]!.checks.find((c) => c.name === 'database integrity')!;
    expect(integrity.ok).toBe(false);
    expect(lines[0]!.checks.find((c) => c.name === 'ledger')!.notRun).toMatch(/could not be read/);
    expect(run.stderr).not.toMatch(/\n\s+at |SqliteError/);
  }, 60_000);
});

describe('read-only data folders and raw errnos', () => {
  it('does not chmod a folder that is already private (a read-only mount refuses any chmod)', () => {
    // As root, a read-only bind mount shows the EROFS the walk saw; elsewhere the mode bits are checked.
    const dir = join(base, 'private');
    mkdirSync(dir, { mode: 0o700 });
    chmodSync(dir, 0o500);
    privateDir(dir);
    // 0500 has no bit for the group or others: already private, left as it is (not chmod-ed to 0700).
    expect(statSync(dir).mode & 0o777).toBe(0o500);
    chmodSync(dir, 0o755);
    privateDir(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it.runIf(process.platform === 'linux' && process.getuid?.() === 0)('says in one sentence that a read-only folder is read-only', () => {
    const source = join(base, 'ro-src');
    const mount = join(base, 'ro');
    openCore({ dataDir: source }).close();
    mkdirSync(mount);
    const bound = spawnSync('sh', ['-c', `mount --bind "${source}" "${mount}" && mount -o remount,ro,bind "${mount}"`]);
    if (bound.status !== 0) return; // no mount in this container
    try {
      for (const args of [['doctor'], ['keys', 'list'], ['export', 'orders'], ['data', 'backups']]) {
        const run = crossbuy([...args, '--data', mount]);
        expect(run.status, args.join(' ')).toBe(1);
        expect(run.stderr, args.join(' ')).toMatch(new RegExp(`^crossbuy: the data folder ${mount} is read-only`));
        expect(run.stderr, args.join(' ')).not.toContain('chmod');
        expect(run.stderr.trim().split('\n')).toHaveLength(1);
      }
    } finally {
      spawnSync('umount', [mount]);
    }
  }, 120_000);

  it('export --out a folder, and data restore "", say so in words', () => {
    const out = crossbuy(['export', 'orders', '--out', base, '--data', data]);
    expect(out.status).toBe(1);
    expect(out.stderr).toBe(`crossbuy: cannot write ${resolve(base)}: it is a folder (give a file name, e.g. ${join(resolve(base), 'export.csv')})\n`);
    const restore = crossbuy(['data', 'restore', '', '--data', data]);
    expect(restore.status).toBe(1);
    expect(restore.stderr).not.toContain('EISDIR');
    expect(restore.stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000);
});

describe('read-only commands on a folder without data', () => {
  it('refuse, naming the folder, and create nothing', () => {
    const missing = join(base, 'mistyped');
    const commands = [['keys', 'list'], ['keys', 'revoke', '3'], ['admin', 'token'], ['admin', 'clock', 'show'], ['admin', 'autopilot'], ['world', 'list'], ['mcp']];
    for (const args of commands) {
      const run = crossbuy([...args, '--data', missing], { CROSSBUY_API_KEY: 'sk-test' });
      expect(run.status, args.join(' ')).toBe(1);
      expect(run.stderr, args.join(' ')).toContain(`no crossbuy data in ${missing} (another folder: --data DIR or CROSSBUY_DATA)`);
    }
    expect(existsSync(missing)).toBe(false);
  }, 120_000);
});

describe('the small ones', () => {
  it('keys revoke abc says the id is a positive integer', () => {
    const run = crossbuy(['keys', 'revoke', 'abc', '--data', data]);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('crossbuy: invalid key id "abc": a positive integer, the id `crossbuy keys list` shows\n');
  }, 60_000);

  it('mcp --url warns when the key would travel in clear to another machine', () => {
    expect(plainHttpWarning('http://example.com')).toMatch(/^warning: http:\/\/example\.com is plain http to another machine/);
    expect(plainHttpWarning('http://10.0.0.5:4680')).not.toBeNull();
    for (const url of ['http://127.0.0.1:4680', 'http://localhost:4680', 'http://[::1]:4680', 'http://app.localhost', 'https://example.com']) expect(plainHttpWarning(url), url).toBeNull();
  });

  it('serve --world-file without --data removes its temporary folder when it stops', async () => {
    const served = await serveWorldFile({ worldFile: join(root, 'worlds', 'empty-funded.json'), port: '0' });
    expect(existsSync(served.dataDir)).toBe(true);
    await served.stop();
    expect(existsSync(served.dataDir)).toBe(false);
  }, 60_000);
});
