import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate, createApiKey, hashKey, revokeApiKey, touchApiKey } from '../../../src/main/core/auth/api-keys.js';
import { databaseFile } from '../../../src/main/core/data-dir.js';
import { dataVersion } from '../../../src/main/core/db/data-version.js';
import { groupCommit } from '../../../src/main/core/db/group-commit.js';
import { openCore, type Core } from '../../../src/main/core/index.js';
import { ApiError } from '../../../src/main/core/shared/errors.js';
import { nextRun } from '../../helpers/next-run.js';

/**
 * A cached key is parsed once (scopes, allowlist, expiry) and reused while nothing changed; revocation
 * by this process or by another one (the CLI) still applies to the very next request. `data_version` is
 * read once per synchronous run (the key lookup and the cart share it) and afresh in the next.
 */
let dir: string;
let core: Core;
let other: Database.Database;
const statusOf = (work: () => unknown) => {
  try {
    work();
    return 200;
  } catch (error) {
    return error instanceof ApiError ? error.statusCode : 500;
  }
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'crossbuy-key-cache-'));
  core = openCore({ dataDir: dir, empty: true });
  other = new Database(databaseFile(dir));
});
afterAll(() => {
  other.close();
  core.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('key cache', () => {
  it('hands back the same parsed, frozen key info while nothing changed', async () => {
    const { key } = createApiKey(core.ctx, { name: 'cached', scopes: ['cart:read'], allowedIps: ['10.0.0.0/8'] });
    const first = authenticate(core.ctx, `Bearer ${key}`, '10.1.2.3');
    await nextRun();
    const second = authenticate(core.ctx, `Bearer ${key}`, '10.1.2.3');
    expect(second).toBe(first);
    expect(Object.isFrozen(second) && Object.isFrozen(second.scopes)).toBe(true);
    // The cached allowlist still applies to every call.
    expect(statusOf(() => authenticate(core.ctx, `Bearer ${key}`, '192.168.0.1'))).toBe(403);
  });

  it('drops the cached info when this process revokes the key', async () => {
    const { key, info } = createApiKey(core.ctx, { name: 'revoked here', scopes: ['cart:read'] });
    expect(statusOf(() => authenticate(core.ctx, `Bearer ${key}`, '127.0.0.1'))).toBe(200);
    revokeApiKey(core.ctx, info.id);
    expect(statusOf(() => authenticate(core.ctx, `Bearer ${key}`, '127.0.0.1'))).toBe(401);
    await nextRun();
    expect(statusOf(() => authenticate(core.ctx, `Bearer ${key}`, '127.0.0.1'))).toBe(401);
  });

  it('drops the cached info when another connection revokes the key, at the next run', async () => {
    const { key } = createApiKey(core.ctx, { name: 'revoked by the CLI', scopes: ['cart:read'] });
    expect(statusOf(() => authenticate(core.ctx, `Bearer ${key}`, '127.0.0.1'))).toBe(200);
    await nextRun();
    other.prepare('UPDATE api_keys SET revoked_at = ? WHERE hash = ?').run(new Date().toISOString(), hashKey(key));
    expect(statusOf(() => authenticate(core.ctx, `Bearer ${key}`, '127.0.0.1'))).toBe(401);
  });

  it('still checks expiry on every call', async () => {
    const { key } = createApiKey(core.ctx, { name: 'expired', scopes: ['cart:read'], expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(statusOf(() => authenticate(core.ctx, `Bearer ${key}`, '127.0.0.1'))).toBe(401);
  });
});

describe('dataVersion', () => {
  it('is read once per synchronous run and afresh in the next', async () => {
    await nextRun();
    const before = dataVersion(core.ctx.db);
    other.exec('CREATE TABLE IF NOT EXISTS probe (x); INSERT INTO probe VALUES (1)');
    expect(dataVersion(core.ctx.db)).toBe(before);
    await nextRun();
    expect(dataVersion(core.ctx.db)).not.toBe(before);
  });

  it("records a key's last use in the group commit's batch, not in a commit of its own", async () => {
    const { key } = createApiKey(core.ctx, { name: 'touched', scopes: ['cart:read'] });
    await nextRun();
    const info = authenticate(core.ctx, `Bearer ${key}`, '127.0.0.1');
    expect(groupCommit(core.ctx.db).settled()).toBeNull();
    touchApiKey(core.ctx, info);
    // A batch holds the write until the loop commits it (the request's answer waits for that commit).
    const commit = groupCommit(core.ctx.db).settled();
    expect(commit).not.toBeNull();
    expect(core.ctx.db.inTransaction).toBe(true);
    await commit;
    const stored = other.prepare('SELECT last_used_at FROM api_keys WHERE id = ?').get(info.id) as { last_used_at: string | null };
    expect(stored.last_used_at).not.toBeNull();
  });

  it("a key's last-use touch leaves every cached key cached, and is not repeated within the minute", async () => {
    const a = createApiKey(core.ctx, { name: 'touch a', scopes: ['cart:read'] }).key;
    const b = createApiKey(core.ctx, { name: 'touch b', scopes: ['cart:read'] }).key;
    await nextRun();
    const infoA = authenticate(core.ctx, `Bearer ${a}`, '127.0.0.1');
    const infoB = authenticate(core.ctx, `Bearer ${b}`, '127.0.0.1');
    touchApiKey(core.ctx, infoA);
    await groupCommit(core.ctx.db).settled();
    await nextRun();
    expect(authenticate(core.ctx, `Bearer ${b}`, '127.0.0.1')).toBe(infoB);
    const again = authenticate(core.ctx, `Bearer ${a}`, '127.0.0.1');
    expect(again).toBe(infoA);
    touchApiKey(core.ctx, again);
    expect(groupCommit(core.ctx.db).settled()).toBeNull();
  });
});
