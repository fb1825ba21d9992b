import Database from 'better-sqlite3';
import { closeSync, copyFileSync, ftruncateSync, openSync, readdirSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * POST /api/v1/admin/data/restore with files that must not replace the data: each is a clear 4xx, and a
 * refused restore writes nothing (not even the backup of the state before). And what a restore must never
 * undo: a key revoked after the backup.
 */
let server: TestServer;
let goodBackup: { id: string; file: string };
beforeAll(async () => {
  server = await startTestServer();
  goodBackup = (await server.admin('POST', '/data/backup')).body.data;
});
afterAll(() => server.close());

const backupsDir = () => join(server.dataDir, 'backups');
const filesInBackups = () => readdirSync(backupsDir()).sort();
const balance = async () => (await server.api('GET', '/user/wallet/balance')).body.data.balance as number;
const restore = (backupId: string) => server.admin('POST', '/data/restore', { backupId, confirm: 'RESTORE' });

/** A copy of the good backup under a new backup id, changed by `edit` (an open connection on it). */
function doctoredBackup(name: string, edit: (db: Database.Database) => void): string {
  const id = `crossbuy-${name}.db`;
  copyFileSync(goodBackup.file, join(backupsDir(), id));
  const db = new Database(join(backupsDir(), id));
  try {
    edit(db);
  } finally {
    db.close();
  }
  return id;
}

async function expectRefused(backupId: string, status: number, message: RegExp): Promise<void> {
  const before = filesInBackups();
  const balanceBefore = await balance();
  const refused = await restore(backupId);
  expect(refused.status, JSON.stringify(refused.body)).toBe(status);
  expect(refused.body).toMatchObject({ statusCode: status, error: expect.any(String) });
  expect(refused.body.message).toMatch(message);
  // Nothing written: no backup of the state before, no staged copy left behind, the data as it was.
  expect(filesInBackups()).toEqual(before);
  expect(await balance()).toBe(balanceBefore);
}

describe('a restore refuses what it cannot trust, writing nothing', () => {
  it('a file that is not a database: 400', async () => {
    const id = 'crossbuy-text.db';
    const fd = openSync(join(backupsDir(), id), 'w');
    writeSync(fd, 'hello, this is not SQLite at all'.repeat(10));
    closeSync(fd);
    await expectRefused(id, 400, /not a SQLite database/);
  });

  it('scribbled pages: 422 (not 500)', async () => {
    const id = 'crossbuy-scribbled.db';
    copyFileSync(goodBackup.file, join(backupsDir(), id));
    const fd = openSync(join(backupsDir(), id), 'r+');
    // Every page after the first two overwritten with garbage: the header still says SQLite.
    const garbage = Buffer.alloc(4096 * 40, 0xa5);
    writeSync(fd, garbage, 0, garbage.length, 4096 * 2);
    closeSync(fd);
    await expectRefused(id, 422, /damaged/);
  });

  it('a schema newer than this build (user_version 999): 422', async () => {
    const id = doctoredBackup('newer', (db) => db.pragma('user_version = 999'));
    await expectRefused(id, 422, /newer than this build supports/);
  });

  it('a backup lacking a table: 422 naming it', async () => {
    const id = doctoredBackup('no-webhook-table', (db) => {
      db.pragma('foreign_keys = OFF');
      db.exec('DROP TABLE webhook_deliveries');
    });
    await expectRefused(id, 422, /lacks .*webhook_deliveries/);
  });

  it('a wallet that does not equal its ledger: 422, and doctor would have failed', async () => {
    const id = doctoredBackup('rich', (db) => db.exec('UPDATE wallets SET balance_minor = balance_minor + 50000000 WHERE user_id = 1'));
    await expectRefused(id, 422, /money does not add up.*user 1/);
  });

  it('a top-up its ledger entry does not match: 422, the doctor\'s top-up check runs on a restore too', async () => {
    const id = doctoredBackup('failed-top-up-credited', (db) => {
      // A failed top-up pointing at a deposit: every wallet still equals its ledger, only the top-up check sees it.
      const entry = db.prepare("SELECT id, user_id FROM wallet_entries WHERE type = 'deposit' ORDER BY id LIMIT 1").get() as { id: number; user_id: number };
      db.prepare(
        `INSERT INTO wallet_top_ups (user_id, method, amount_minor, currency, rate, fee_minor, credited_minor, status, scenarios, created_at, entry_id)
         VALUES (?, 'card', 1000, 'CNY', '1', 0, 1000, 'failed', '[]', '2026-01-01T00:00:00.000Z', ?)`,
      ).run(entry.user_id, entry.id);
    });
    await expectRefused(id, 422, /money does not add up.*top-up \d+: failed, yet/);
  });

  it('a file over the size limit: 422 before anything is read', async () => {
    expect((await server.admin('PUT', '/settings', { restoreMaxBytes: 4096 })).status).toBe(200);
    try {
      await expectRefused(goodBackup.id, 422, /more than the 4096/);
    } finally {
      await server.admin('PUT', '/settings', { restoreMaxBytes: 4 * 1024 ** 3 });
    }
  });

  it('checks a large file off the server thread: a read issued during the check is answered before it ends', async () => {
    // A sparse file with SQLite's header: the check copies it aside (128 MB) before SQLite refuses it.
    const id = 'crossbuy-sparse.db';
    const fd = openSync(join(backupsDir(), id), 'w');
    writeSync(fd, Buffer.from('SQLite format 3\0', 'latin1'));
    ftruncateSync(fd, 128 * 1024 * 1024);
    closeSync(fd);
    let restoreAnswered = false;
    const pending = restore(id).then((r) => {
      restoreAnswered = true;
      return r;
    });
    // The staged copy appears once the check has begun; on the server thread it would never be seen
    // (made, refused and removed within one synchronous run).
    while (!restoreAnswered && !readdirSync(backupsDir()).some((n) => n.startsWith('.restoring-'))) await new Promise((r) => setImmediate(r));
    expect(restoreAnswered, 'the check ran without ever yielding the server thread').toBe(false);
    const read = await server.api('GET', '/user/wallet/balance');
    expect(read.status).toBe(200);
    expect(restoreAnswered, 'the wallet read waited for the check').toBe(false);
    const refused = await pending;
    expect(refused.status).toBe(422);
    expect(readdirSync(backupsDir()).some((n) => n.startsWith('.restoring-'))).toBe(false);
  });
});

describe('what a restore keeps from after the backup', () => {
  it('a key revoked after the backup stays revoked, and the answer says so', async () => {
    const created = (await server.admin('POST', '/keys', { name: 'leaked', scopes: ['wallet:read'] })).body.data;
    const key = created.key as string;
    expect((await server.api('GET', '/user/wallet/balance', { key })).status).toBe(200);
    const backup = (await server.admin('POST', '/data/backup')).body.data;
    expect((await server.admin('POST', `/keys/${created.id}/revoke`)).status).toBe(200);
    expect((await server.api('GET', '/user/wallet/balance', { key })).status).toBe(401);

    const restored = await restore(backup.id);
    expect(restored.status).toBe(200);
    expect(restored.body.data.keysKeptRevoked).toBe(1);
    expect(restored.body.data.message).toMatch(/revoked/);
    expect((await server.api('GET', '/user/wallet/balance', { key })).status).toBe(401);
    expect(server.running.core.ctx.db.prepare('SELECT revoked_at FROM api_keys WHERE id = ?').pluck().get(created.id)).not.toBeNull();
  });

  it('keeps only the newest automatic backups (automaticBackupsKept)', async () => {
    expect((await server.admin('PUT', '/settings', { automaticBackupsKept: 2 })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await restore(goodBackup.id)).status).toBe(200);
    // The restored settings are the backup's (10): set it again before the last restore counts.
    expect((await server.admin('PUT', '/settings', { automaticBackupsKept: 2 })).status).toBe(200);
    const last = (await restore(goodBackup.id)).body.data;
    const automatic = filesInBackups().filter((n) => n.endsWith('-auto.db'));
    expect(automatic).toHaveLength(2);
    expect(automatic).toContain(last.backupBefore.id);
    expect(filesInBackups()).toContain(goodBackup.id);
  });
});
