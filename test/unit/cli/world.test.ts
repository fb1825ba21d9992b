import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, cliServers, runCli } from '../../helpers/cli.js';

/** `crossbuy world create|list|delete|reset`: on the data folder itself, and through a server holding it. */
const dirs: string[] = [];
const servers = cliServers();
afterAll(() => {
  servers.killAll();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'crossbuy-world-cli-'));
  dirs.push(dir);
  return dir;
}

const crossbuy = (args: string[]) => runCli(args);

describe('crossbuy world (no server running)', () => {
  it('lists a world made without a name with a dash for its name, not its id twice', async () => {
    const data = folder();
    const made = await crossbuy(['world', 'create', '--id', 'w_cli_unnamed_1', '--data', data]);
    expect(made.code, made.stderr).toBe(0);
    const named = await crossbuy(['world', 'create', '--id', 'w_cli_named_01', '--name', 'checkout', '--data', data]);
    expect(named.code, named.stderr).toBe(0);
    const lines = (await crossbuy(['world', 'list', '--data', data])).stdout.trim().split('\n');
    expect(lines.find((l) => l.startsWith('w_cli_unnamed_1'))!.split('\t')[1]).toBe('-');
    expect(lines.find((l) => l.startsWith('w_cli_named_01'))!.split('\t')[1]).toBe('checkout');
  });

  it('ends quietly when its reader stops reading (world list | head -1): exit 0, no stack trace', async () => {
    const data = folder();
    expect((await crossbuy(['world', 'create', '--data', data])).code).toBe(0);
    const child = spawn(process.execPath, [CLI, 'world', 'list', '--data', data], { stdio: ['ignore', 'pipe', 'pipe'] });
    // The reader is gone before the first line is written: every write meets a closed pipe.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    expect(stderr).not.toMatch(/EPIPE|Unhandled|\n\s+at /);
    expect(code).toBe(0);
  });

  it('creates, lists, resets and deletes worlds on the data folder', async () => {
    const data = folder();
    const created = await crossbuy(['world', 'create', '--id', 'w_cli_world_1', '--seed', '9', '--name', 'from cli', '--data', data]);
    expect(created.code, created.stderr).toBe(0);
    const [id, key] = created.stdout.trim().split('\n');
    expect(id).toBe('w_cli_world_1');
    expect(key).toMatch(/^sk-/);
    expect(existsSync(join(data, 'worlds', 'w_cli_world_1', 'crossbuy.db'))).toBe(true);

    const json = await crossbuy(['world', 'create', '--json', '--ttl', '2h', '--data', data]);
    expect(json.code, json.stderr).toBe(0);
    const second = JSON.parse(json.stdout);
    expect(second).toMatchObject({ frozen: false, key: { secret: expect.stringMatching(/^sk-/) } });
    expect(second.expiresAt).not.toBeNull();

    const list = await crossbuy(['world', 'list', '--json', '--data', data]);
    expect(list.code, list.stderr).toBe(0);
    const worlds = list.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(worlds.map((w: { id: string }) => w.id)).toEqual(['w_cli_world_1', second.id]);
    expect(worlds[0]).toMatchObject({ name: 'from cli', seed: 9, frozen: true });

    const reset = await crossbuy(['world', 'reset', 'w_cli_world_1', '--data', data]);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toContain('reset w_cli_world_1');
    const badSnapshot = await crossbuy(['world', 'reset', 'w_cli_world_1', '--snapshot', 's_nope', '--data', data]);
    expect(badSnapshot.code).toBe(1);
    expect(badSnapshot.stderr).toContain('not found');

    const deleted = await crossbuy(['world', 'delete', 'w_cli_world_1', '--data', data]);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(existsSync(join(data, 'worlds', 'w_cli_world_1'))).toBe(false);
    const taken = await crossbuy(['world', 'create', '--id', second.id, '--data', data]);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('already exists');
    expect((await crossbuy(['world', 'create', '--seed', 'x', '--data', data])).code).toBe(1);
  }, 120_000);

  it('creates a world from a file that includes another one beside it (the CLI reads the include)', async () => {
    const data = folder();
    const files = folder();
    writeFileSync(join(files, 'base.json'), JSON.stringify({ crossbuyWorld: 1, steps: [{ name: 'fund', call: 'POST /admin/wallet/deposit', body: { amount: 12 } }] }));
    writeFileSync(join(files, 'top.json'), JSON.stringify({ crossbuyWorld: 1, steps: [{ include: 'base.json' }, { call: 'POST /admin/wallet/deposit', body: { amount: '${fund.data.amount}' } }] }));
    const created = await crossbuy(['world', 'create', '--json', '--file', join(files, 'top.json'), '--data', data]);
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout).steps.map((s: { request: string; status: number }) => `${s.request} ${s.status}`)).toEqual(['POST /admin/wallet/deposit 201', 'POST /admin/wallet/deposit 201']);
  }, 120_000);
});

describe('crossbuy world (a server holds the folder)', () => {
  it('asks the running server, whose new world answers at once', async () => {
    const data = folder();
    const served = await servers.serve(['--data', data, '--empty']);
    const origin = served.url.origin;
    const created = await crossbuy(['world', 'create', '--data', data]);
    expect(created.code, created.stderr).toBe(0);
    const [, key] = created.stdout.trim().split('\n');
    const cart = await fetch(`${origin}/api/v1/open/cart`, { headers: { authorization: `Bearer ${key}` } });
    expect(cart.status).toBe(200);
    await served.stop();
  }, 120_000);
});
