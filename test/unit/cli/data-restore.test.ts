import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase } from '../../../src/main/core/data/backup.js';
import { SERVER_LOCK_FILE } from '../../../src/main/core/data/server-lock.js';
import { inTransaction } from '../../../src/main/core/db/database.js';
import { openCore } from '../../../src/main/core/index.js';
import { walletState, postEntry } from '../../../src/main/core/wallet/ledger.js';
import { startServer } from '../../../src/main/headless/serve.js';

/** `crossbuy data restore FILE`: a backup back in place on a folder no server holds; refused while one does. */
const root = join(import.meta.dirname, '..', '..', '..');
let dir: string;
let backupFile: string;
let balanceAtBackup: number;

function crossbuy(...args: string[]) {
  return spawnSync(process.execPath, [join(root, 'bin', 'crossbuy.js'), ...args, '--data', dir], { encoding: 'utf8' });
}

function balance(): number {
  const core = openCore({ dataDir: dir });
  try {
    return walletState(core.ctx, 1).balance;
  } finally {
    core.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crossbuy-restore-'));
  const core = openCore({ dataDir: dir });
  balanceAtBackup = walletState(core.ctx, 1).balance;
  backupFile = (await backupDatabase(core.ctx)).file;
  inTransaction(core.ctx.db, () => postEntry(core.ctx, { userId: 1, type: 'deposit', amount: 7_700, reference: 'later', description: 'after the backup' }));
  core.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('crossbuy data restore', () => {
  it('refuses, in one line and exit 1, while a server holds the folder', async () => {
    const server = await startServer({ dataDir: dir, port: 0, uiDir: null, sessionToken: 't' });
    try {
      const run = crossbuy('data', 'restore', backupFile);
      expect(run.status).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toContain(`pid ${process.pid}`);
      expect(run.stderr).toContain(server.origin);
    } finally {
      await server.stop();
    }
    expect(existsSync(join(dir, SERVER_LOCK_FILE))).toBe(false);
    expect(balance()).toBe(balanceAtBackup + 7_700);
  });

  it('restores the backup on a free folder, keeping the replaced state as a backup, and doctor passes', () => {
    const run = crossbuy('data', 'restore', backupFile);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^restored .*\nthe data as it was before: .*backups.*\.db\n$/);
    expect(balance()).toBe(balanceAtBackup);
    const doctor = crossbuy('doctor');
    expect(doctor.status).toBe(0);
  });

  it('refuses a file that is not a crossbuy backup', () => {
    const missing = crossbuy('data', 'restore', join(dir, 'nope.db'));
    expect(missing.status).toBe(1);
    const notDb = crossbuy('data', 'restore', join(root, 'package.json'));
    expect(notDb.status).toBe(1);
    expect(notDb.stderr.trim().split('\n')).toHaveLength(1);
    expect(balance()).toBe(balanceAtBackup);
  });
});
