import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/** POST /api/v1/admin/data/restore: a backup back in place, atomically, with the server serving on. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const balance = async () => (await server.api('GET', '/user/wallet/balance')).body.data.balance as number;

describe('restore from a backup', () => {
  it("hands the restored settings' request-log bound to the running log", async () => {
    expect((await server.admin('PUT', '/settings', { requestLogLimit: 100 })).status).toBe(200);
    const backup = (await server.admin('POST', '/data/backup')).body.data;
    expect((await server.admin('PUT', '/settings', { requestLogLimit: 5000 })).status).toBe(200);
    expect((await server.admin('POST', '/data/restore', { backupId: backup.id, confirm: 'RESTORE' })).status).toBe(200);
    expect((await server.admin('GET', '/settings')).body.data.requestLogLimit).toBe(100);
    for (let i = 0; i < 120; i++) await server.api('GET', '/user/wallet/balance', { headers: { 'x-request-id': `restored-bound-${i}` } });
    let shown = 0;
    for (let page = (await server.admin('GET', '/requests?limit=100')).body.data; ; ) {
      shown += page.items.length;
      if (!page.hasMore) break;
      page = (await server.admin('GET', `/requests?limit=100&startingAfter=${page.items[page.items.length - 1].id}`)).body.data;
    }
    // The log keeps the restored bound (100), not the one it was told before the restore (5000).
    expect(shown).toBe(100);
    await server.admin('PUT', '/settings', { requestLogLimit: 10_000 });
  });

  it('brings the balance back, keeps serving, and backs up the state it replaced', async () => {
    const backup = (await server.admin('POST', '/data/backup')).body.data;
    expect(backup.id).toMatch(/^crossbuy-.*\.db$/);
    const before = await balance();
    expect((await server.admin('POST', '/wallet/deposit', { userId: 1, amount: 250, note: 'after the backup' })).status).toBeLessThan(300);
    expect(await balance()).toBe(before + 250);

    const restored = await server.admin('POST', '/data/restore', { backupId: backup.id, confirm: 'RESTORE' });
    expect(restored.status).toBe(200);
    expect(restored.body.data.restoredFrom).toBe(backup.id);
    expect(restored.body.data.backupBefore.id).not.toBe(backup.id);
    expect(await balance()).toBe(before);
    const entries = (await server.api('GET', '/user/wallet/transactions?limit=100')).body.data.items as { description: string }[];
    expect(entries.some((e) => e.description.includes('after the backup'))).toBe(false);

    // Still serving: a new deposit lands on the restored ledger, and the key made before still works.
    expect((await server.admin('POST', '/wallet/deposit', { userId: 1, amount: 1, note: 'after the restore' })).status).toBeLessThan(300);
    expect(await balance()).toBe(before + 1);
    const listed = (await server.admin('GET', '/data/backups')).body.data as { id: string }[];
    expect(listed.map((b) => b.id)).toEqual(expect.arrayContaining([backup.id, restored.body.data.backupBefore.id]));

    // The replaced state is a backup like any other: restoring it brings the deposit back.
    await server.admin('POST', '/data/restore', { backupId: restored.body.data.backupBefore.id, confirm: 'RESTORE' });
    expect(await balance()).toBe(before + 250);
  });

  it('refuses an unknown backup (404) and a missing or wrong confirmation (400), changing nothing', async () => {
    const backup = (await server.admin('POST', '/data/backup')).body.data;
    const count = async () => ((await server.admin('GET', '/data/backups')).body.data as unknown[]).length;
    const backups = await count();
    for (const backupId of ['crossbuy-nope.db', '../crossbuy.db', 'crossbuy.db']) {
      const refused = await server.admin('POST', '/data/restore', { backupId, confirm: 'RESTORE' });
      expect(refused.status, backupId).toBe(404);
      expect(refused.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
    expect((await server.admin('POST', '/data/restore', { backupId: backup.id })).status).toBe(400);
    expect((await server.admin('POST', '/data/restore', { backupId: backup.id, confirm: 'restore' })).status).toBe(400);
    expect(await count()).toBe(backups);
  });

  it('leaves the folder sound (crossbuy doctor)', async () => {
    const doctor = spawnSync(process.execPath, [join(import.meta.dirname, '..', '..', '..', 'bin', 'crossbuy.js'), 'doctor', '--data', server.dataDir], { encoding: 'utf8' });
    expect(doctor.stdout).not.toMatch(/FAIL/);
    expect(doctor.status).toBe(0);
  });
});
