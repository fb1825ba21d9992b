import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openCore } from '../../../src/main/core/index.js';
import { walletState } from '../../../src/main/core/wallet/ledger.js';
import { cliServers, runCli } from '../../helpers/cli.js';

/** `crossbuy world apply FILE` and `crossbuy serve --world-file F` (worlds.md section 1), as a shell runs them. */
const WORLDS = resolve(import.meta.dirname, '../../../worlds');
const root = mkdtempSync(join(tmpdir(), 'crossbuy-world-cli-'));
const servers = cliServers();

afterAll(() => {
  servers.killAll();
  rmSync(root, { recursive: true, force: true });
});

describe('crossbuy world apply', () => {
  it('applies a file to a new folder\'s default world and prints the summary', async () => {
    const dataDir = join(root, 'applied');
    const { code, stdout, stderr } = await runCli(['world', 'apply', join(WORLDS, 'empty-funded.json'), '--data', dataDir, '--json']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({ dataDir, seed: 1, clockStart: '2026-03-02T09:00:00.000Z', steps: [expect.objectContaining({ kind: 'settings' }), expect.objectContaining({ name: 'fund', status: 201 }), expect.objectContaining({ name: 'balance', status: 200 })] });
    expect(summary.key.secret).toMatch(/^sk-/);
    const core = openCore({ dataDir });
    try {
      expect(walletState(core.ctx, 1).balance).toBe(500_000);
      // the clock started at the file's clockStart (and ran only the seconds the apply took)
      const now = core.ctx.clock.now().getTime();
      expect(now - Date.parse('2026-03-02T09:00:00Z')).toBeGreaterThanOrEqual(0);
      expect(now - Date.parse('2026-03-02T09:00:00Z')).toBeLessThan(120_000);
    } finally {
      core.close();
    }
  });

  it('prints one line per step, and --seed overrides the file\'s', async () => {
    const { code, stdout } = await runCli(['world', 'apply', join(WORLDS, 'empty-funded.json'), '--data', join(root, 'lines'), '--seed', '99']);
    expect(code).toBe(0);
    expect(stdout).toContain('steps[0] fund: POST /admin/wallet/deposit -> 201');
    expect(stdout).toMatch(/\(seed 99, clock from 2026-03-02T09:00:00.000Z\): 3 steps/);
  });

  it('the same file with the same seed makes the same world (a frozen clock, numbers from the seed); another seed differs', async () => {
    const orderNumbers = async (folder: string, seed: string) => {
      const dataDir = join(root, folder);
      expect((await runCli(['world', 'apply', join(WORLDS, 'orders-every-status.json'), '--data', dataDir, '--seed', seed])).code).toBe(0);
      const core = openCore({ dataDir });
      try {
        return core.ctx.db.prepare('SELECT order_no, status, created_at FROM orders ORDER BY order_no').all();
      } finally {
        core.close();
      }
    };
    const first = await orderNumbers('seed-a', '5');
    expect(first).toHaveLength(9);
    expect(await orderNumbers('seed-b', '5')).toEqual(first);
    expect(await orderNumbers('seed-c', '6')).not.toEqual(first);
  });

  it('refuses a folder that is not empty, and leaves it as it was', async () => {
    const dataDir = join(root, 'busy');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'keep.txt'), 'x');
    const { code, stderr } = await runCli(['world', 'apply', join(WORLDS, 'empty-funded.json'), '--data', dataDir]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/not empty/);
    expect(readdirSync(dataDir)).toEqual(['keep.txt']);
  });

  it('a failing step: the 422 naming it, exit 1, and the folder left empty for a corrected file', async () => {
    const file = join(root, 'bad.json');
    writeFileSync(file, JSON.stringify({ crossbuyWorld: 1, steps: [{ name: 'nope', call: 'GET /open/orders/PO404' }] }));
    const dataDir = join(root, 'failed');
    const { code, stderr } = await runCli(['world', 'apply', file, '--data', dataDir]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/steps\[0\] "nope" \(GET \/open\/orders\/PO404\).*404/);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe('crossbuy serve --world-file', () => {
  it('serves a new folder made from the file, with the printed key', async () => {
    const dataDir = join(root, 'served');
    const served = await servers.serve(['--data', dataDir, '--world-file', join(WORLDS, 'empty-funded.json'), '--seed', '7'], 60_000);
    const key = /key \(every scope\): (sk-\S+)/.exec(served.output())![1]!;
    const balance = await fetch(`${served.url.origin}/api/v1/open/user/wallet/balance`, { headers: { authorization: `Bearer ${key}` } });
    expect(((await balance.json()) as { data: { balance: number } }).data.balance).toBe(5000);
    expect(await served.stop()).toBe(0);
  });
});

describe('crossbuy world record', () => {
  it('names a folder with no data instead of seeding one and finding no requests in it', async () => {
    const dataDir = join(root, 'never-seeded');
    const { code, stderr } = await runCli(['world', 'record', '--key', '1', '--data', dataDir]);
    expect(code).toBe(1);
    expect(stderr).toBe(`crossbuy: no crossbuy data in ${dataDir} (another folder: --data DIR or CROSSBUY_DATA)\n`);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('refuses an --out in a folder that does not exist, naming it, before reading the log', async () => {
    const out = join(root, 'no-such-folder', 'session.json');
    const { code, stdout, stderr } = await runCli(['world', 'record', '--key', '1', '--out', out, '--data', join(root, 'never-made')]);
    expect(code).toBe(1);
    expect(stderr).toBe(`crossbuy: cannot write ${out}: the folder ${join(root, 'no-such-folder')} does not exist\n`);
    expect(stdout).toBe('');
    expect(existsSync(join(root, 'never-made'))).toBe(false);
  });

  it('--world records a session of that world (key ids are numbered per world); a bad id is refused', async () => {
    const dataDir = join(root, 'recorded-world');
    const created = await runCli(['world', 'create', '--file', join(WORLDS, 'after-sales.json'), '--id', 'w_recordcli01', '--data', dataDir, '--json']);
    expect(created.code, created.stderr).toBe(0);
    const { id, key } = JSON.parse(created.stdout) as { id: string; key: { id: number } };
    const out = join(root, 'recorded-world.json');
    const { code, stdout, stderr } = await runCli(['world', 'record', '--key', String(key.id), '--world', id, '--out', out, '--data', dataDir]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`recorded \\d+ steps of key ${key.id} of world ${id} to`));
    const file = JSON.parse(readFileSync(out, 'utf8'));
    expect(file.name).toBe(`recorded-${id}-key-${key.id}`);
    expect((file.steps as { call?: string }[]).some((s) => s.call === 'POST /open/orders')).toBe(true);
    const bad = await runCli(['world', 'record', '--key', '1', '--world', 'nope', '--data', dataDir]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('crossbuy: --world "nope" is not a world id (default or w_...)\n');
  });

  it('writes one key\'s session as a world file, from the folder when no server holds it', async () => {
    const dataDir = join(root, 'recorded');
    const applied = await runCli(['world', 'apply', join(WORLDS, 'orders-every-status.json'), '--data', dataDir, '--json']);
    expect(applied.code).toBe(0);
    const keyId = JSON.parse(applied.stdout).key.id as number;
    const out = join(root, 'recorded.json');
    const { code, stdout, stderr } = await runCli(['world', 'record', '--key', String(keyId), '--out', out, '--data', dataDir]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/recorded \d+ steps of key \d+ to/);
    const file = JSON.parse(readFileSync(out, 'utf8'));
    // the file's open writes, replayed by the recording: 9 orders placed, a cancel, a shipping order, a return
    const calls = (file.steps as { call?: string }[]).map((s) => s.call ?? '');
    expect(calls.filter((c) => c === 'POST /open/orders')).toHaveLength(9);
    expect(calls.filter((c) => /^POST \/open\/orders\/\$\{orders\d+\.data\.orderNo\}\/cancel$/.test(c))).toHaveLength(1);
    expect(calls.filter((c) => c === 'POST /open/shipping/create')).toHaveLength(1);
  });
});
