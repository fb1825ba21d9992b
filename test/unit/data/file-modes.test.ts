import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupDatabase } from '../../../src/main/core/data/backup.js';
import { startServer } from '../../../src/main/headless/serve.js';

/** The data folder holds webhook secrets and request bodies: the folder 0700, every file in it 0600. */
const modeOf = (path: string) => statSync(path).mode & 0o777;
const parent = mkdtempSync(join(tmpdir(), 'crossbuy-modes-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe.skipIf(process.platform === 'win32')('file modes of the data folder', () => {
  it('the folder is 0700 and every file the app creates 0600, whatever the umask', async () => {
    const previous = process.umask(0o022);
    const dataDir = join(parent, 'fresh');
    try {
      const running = await startServer({ dataDir, port: 0, uiDir: null, sessionToken: 'modes-session-token' });
      try {
        await fetch(`${running.origin}/api/v1/open/products/search?keyword=x`);
        await backupDatabase(running.core.ctx);
        // A world: its folder, database and first snapshot.
        const world = await fetch(`${running.origin}/api/v1/admin/worlds`, {
          method: 'POST',
          headers: { authorization: `Bearer ${running.core.adminToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ id: 'w_modes_test' }),
        });
        expect(world.status).toBe(201);
        // A world from a file (its template kept), a named snapshot and a fork: each file of theirs private too.
        const admin = (path: string, body: unknown) =>
          fetch(`${running.origin}/api/v1/admin${path}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${running.core.adminToken}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
        const fromFile = await admin('/worlds', { id: 'w_modes_file', file: { crossbuyWorld: 1, name: 'modes', clockStart: '2026-01-05T00:00:00Z', steps: [] } });
        expect(fromFile.status).toBe(201);
        expect((await admin('/worlds/w_modes_test/snapshots', { name: 'named' })).status).toBe(201);
        expect((await admin('/worlds/w_modes_test/fork', { id: 'w_modes_fork' })).status).toBe(201);
      } finally {
        await running.stop();
      }
    } finally {
      process.umask(previous);
    }
    const entries = readdirSync(dataDir, { recursive: true }).map((n) => join(dataDir, String(n)));
    const dirs = [dataDir, ...entries.filter((f) => statSync(f).isDirectory())];
    const files = entries.filter((f) => statSync(f).isFile());
    const name = (f: string) => f.slice(dataDir.length + 1);
    expect(files.map(name)).toEqual(expect.arrayContaining(['crossbuy.db', 'request-log.sqlite', 'admin-token', join('worlds', 'w_modes_test', 'crossbuy.db')]));
    expect(files.some((f) => name(f).startsWith('backups'))).toBe(true);
    expect(files.some((f) => name(f).includes('snapshots'))).toBe(true);
    expect(files.filter((f) => name(f).startsWith(join('worlds', '.templates'))).length).toBeGreaterThanOrEqual(2);
    expect(files.filter((f) => name(f).startsWith(join('worlds', 'w_modes_test', 'snapshots'))).length).toBe(2);
    expect(files.map(name)).toContain(join('worlds', 'w_modes_fork', 'crossbuy.db'));
    for (const dir of dirs) expect(`${name(dir)} ${modeOf(dir).toString(8)}`).toBe(`${name(dir)} 700`);
    for (const file of files) expect(`${name(file)} ${modeOf(file).toString(8)}`).toBe(`${name(file)} 600`);
  });

  it('an older folder left readable by others is made private on the next start', async () => {
    const dataDir = join(parent, 'older');
    const first = await startServer({ dataDir, port: 0, uiDir: null, sessionToken: 'modes-session-token' });
    // The request log's database is made with the first request it logs.
    await fetch(`${first.origin}/api/v1/open/products/search?keyword=x`);
    await first.stop();
    chmodSync(dataDir, 0o755);
    for (const name of ['crossbuy.db', 'request-log.sqlite']) chmodSync(join(dataDir, name), 0o644);
    writeFileSync(join(dataDir, 'crossbuy.db-wal'), '', { mode: 0o644 });
    const second = await startServer({ dataDir, port: 0, uiDir: null, sessionToken: 'modes-session-token' });
    await second.stop();
    expect(modeOf(dataDir).toString(8)).toBe('700');
    for (const name of ['crossbuy.db', 'request-log.sqlite']) expect(`${name} ${modeOf(join(dataDir, name)).toString(8)}`).toBe(`${name} 600`);
  });
});
