import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreFromFile } from '../../../src/main/core/data/restore.js';
import { request, startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * A restore puts back the default world's database, which holds the world registry; the worlds themselves
 * live in folders of their own that a restore does not touch. The registry must stay true to those folders:
 * a world made after the backup stays registered (with its data), one deleted since is not registered again.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const KEEP = 'w_keepme_0000';
const GONE = 'w_goneaway_000';

const restore = async (backupId: string) => {
  const res = await server.admin('POST', '/data/restore', { backupId, confirm: 'RESTORE' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { backupBefore: { id: string } };
};
const listed = async () => ((await server.admin('GET', '/worlds?limit=100')).body.data.items as { id: string }[]).map((w) => w.id);
const balanceIn = async (key: string) => (await server.api('GET', '/user/wallet/balance', { key })).body.data.balance as number;
const doctor = () => spawnSync(process.execPath, [join(import.meta.dirname, '..', '..', '..', 'bin', 'crossbuy.js'), 'doctor', '--data', server.dataDir], { encoding: 'utf8' });

describe('restore and the worlds of the folder', () => {
  it('keeps a world made after the backup (listed, its key and data intact), through an undo too, and drops a deleted one', async () => {
    const before = (await server.admin('POST', '/data/backup')).body.data.id as string;
    const made = await server.admin('POST', '/worlds', { id: KEEP });
    expect(made.status).toBe(201);
    const key = made.body.data.key.secret as string;
    const deposit = await request(`${server.running.origin}/api/v1/admin`, 'POST', '/wallet/deposit', {
      body: { userId: 1, amount: 123, note: 'in the kept world' },
      bearer: server.running.core.adminToken,
      headers: { 'crossbuy-world': KEEP },
    });
    expect(deposit.status).toBeLessThan(300);
    const kept = await balanceIn(key);

    expect((await server.admin('POST', '/worlds', { id: GONE })).status).toBe(201);
    const withGone = (await server.admin('POST', '/data/backup')).body.data.id as string;
    expect((await server.admin('DELETE', `/worlds/${GONE}`)).status).toBeLessThan(300);

    const undo = await restore(before);
    expect(await listed()).toEqual([KEEP]);
    expect((await server.admin('GET', `/worlds/${KEEP}`)).status).toBe(200);
    expect(await balanceIn(key)).toBe(kept);
    expect(existsSync(join(server.dataDir, 'worlds', KEEP, 'crossbuy.db'))).toBe(true);
    let checked = doctor();
    expect(checked.stdout).not.toMatch(/FAIL/);
    expect(checked.status).toBe(0);

    // Undoing the restore: the world is still there, whole.
    await restore(undo.backupBefore.id);
    expect(await listed()).toEqual([KEEP]);
    expect(await balanceIn(key)).toBe(kept);

    // A backup that registers a world deleted since: that world is not registered again (its database is gone).
    await restore(withGone);
    expect(await listed()).toEqual([KEEP]);
    expect((await server.admin('GET', `/worlds/${GONE}`)).status).toBe(404);
    expect(await balanceIn(key)).toBe(kept);
    checked = doctor();
    expect(checked.stdout).not.toMatch(/FAIL/);
    expect(checked.status).toBe(0);
  });

  it('tells which worlds of the backup it did not register again', async () => {
    const id = 'w_dropped_0000';
    expect((await server.admin('POST', '/worlds', { id })).status).toBe(201);
    const backup = (await server.admin('POST', '/data/backup')).body.data.id as string;
    expect((await server.admin('DELETE', `/worlds/${id}`)).status).toBeLessThan(300);
    const outcome = await restoreFromFile(server.running.core.ctx, join(server.dataDir, 'backups', backup));
    expect(outcome.worldsDropped).toEqual([id]);
    expect(await listed()).toEqual([KEEP]);
    // Over the admin API the answer says so too.
    const again = await server.admin('POST', '/data/restore', { backupId: backup, confirm: 'RESTORE' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.worldsDropped).toEqual([id]);
    expect(again.body.data.message).toContain(`not registered again (their databases are gone): ${id}.`);
  });
});
