import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDatabase, listBackups } from '../../../src/main/core/data/backup.js';
import { groupCommit } from '../../../src/main/core/db/group-commit.js';
import { openCore, type Core } from '../../../src/main/core/index.js';
import { ApiError } from '../../../src/main/core/shared/errors.js';

let dir: string;
let core: Core;
afterEach(() => {
  core.close();
  rmSync(dir, { recursive: true, force: true });
});
function open(): Core {
  dir = mkdtempSync(join(tmpdir(), 'crossbuy-backup-'));
  core = openCore({ dataDir: dir });
  return core;
}
const usersIn = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('backups', () => {
  it('waits for the open group-commit batch and copies it with the rest', async () => {
    const { ctx } = open();
    groupCommit(ctx.db).run(() => ctx.db.prepare("INSERT INTO users (username, email, avatar, language, created_at) VALUES ('late', 'late@example.com', '', 'en', ?)").run(ctx.nowIso()));
    const users = (ctx.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
    const backup = await backupDatabase(ctx);
    expect(usersIn(backup.file)).toBe(users);
  });

  it('refuses a copy taken under a write transaction it cannot wait for, instead of listing an empty backup', async () => {
    const { ctx } = open();
    ctx.db.exec('BEGIN IMMEDIATE');
    const attempt = backupDatabase(ctx);
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 503 });
    ctx.db.exec('COMMIT');
    expect(listBackups(ctx)).toEqual([]);
  });
});
