import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDatabase } from '../../../src/main/core/data/backup.js';
import { restoreFromFile } from '../../../src/main/core/data/restore.js';
import { openCore, type Core } from '../../../src/main/core/index.js';
import { AutopilotTimer } from '../../../src/main/core/autopilot/autopilot.js';
import type { ServiceClock } from '../../../src/main/core/shared/service-clock.js';
import { worldIdentity } from '../../../src/main/core/world/identity.js';
import { drawOf } from '../../../src/main/core/shared/random.js';
import { databaseAtVersion, migrateToCurrent } from '../../helpers/migrated-db.js';
import { openTestWorld } from '../../helpers/world-dump.js';

const opened: Core[] = [];
const folders: string[] = [];
function open(options: Parameters<typeof openCore>[0]): Core {
  const core = openCore(options);
  opened.push(core);
  return core;
}
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'crossbuy-world-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const core of opened.splice(0)) core.close();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const draws = (core: Core) => core.ctx.db.prepare('SELECT draws FROM world_state').pluck().get() as number;

describe('a world\'s identity', () => {
  it('keeps the seed, frozen clock and clock start it was created with, across a reopen', () => {
    const dir = folder();
    const first = openCore({ dataDir: dir, seed: 42, frozen: true, clockStart: '2026-03-02T09:00:00Z' });
    expect(worldIdentity(first.ctx)).toEqual({ seed: 42, frozen: true, clockStart: '2026-03-02T09:00:00.000Z' });
    expect(first.ctx.nowIso()).toBe('2026-03-02T09:00:00.000Z');
    first.close();
    // Options given to an existing world do not change it.
    const again = open({ dataDir: dir, seed: 7, frozen: false });
    expect(worldIdentity(again.ctx)).toEqual({ seed: 42, frozen: true, clockStart: '2026-03-02T09:00:00.000Z' });
    expect(again.ctx.nowIso()).toBe('2026-03-02T09:00:00.000Z');
  });

  it('chooses a random seed when none is given, and an unfrozen clock on wall time', () => {
    const a = open({ dataDir: ':memory:' });
    const b = open({ dataDir: ':memory:' });
    expect(worldIdentity(a.ctx).frozen).toBe(false);
    expect(Number.isSafeInteger(worldIdentity(a.ctx).seed)).toBe(true);
    expect(worldIdentity(a.ctx).seed).not.toBe(worldIdentity(b.ctx).seed);
    expect(Math.abs(Date.parse(a.ctx.nowIso()) - Date.now())).toBeLessThan(5_000);
  });

  it('starts an unfrozen clock at clockStart and lets it run', () => {
    const core = open({ dataDir: ':memory:', clockStart: '2030-01-01T00:00:00Z' });
    expect(Math.abs(Date.parse(core.ctx.nowIso()) - Date.parse('2030-01-01T00:00:00Z'))).toBeLessThan(5_000);
  });

  it('refuses a seed or clock start that is not one', () => {
    expect(() => openCore({ dataDir: ':memory:', seed: -1 })).toThrow(RangeError);
    expect(() => openCore({ dataDir: ':memory:', seed: 2 ** 53 })).toThrow(RangeError);
    expect(() => openCore({ dataDir: ':memory:', seed: 1.5 })).toThrow(RangeError);
    expect(() => openCore({ dataDir: ':memory:', clockStart: 'tomorrow' })).toThrow(RangeError);
  });

  it('a frozen clock moves only when told', async () => {
    const core = open({ dataDir: ':memory:', frozen: true, clockStart: '2026-03-02T09:00:00Z' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(core.ctx.nowIso()).toBe('2026-03-02T09:00:00.000Z');
    (core.ctx.clock as ServiceClock).advanceBy(3_600_000);
    expect(core.ctx.nowIso()).toBe('2026-03-02T10:00:00.000Z');
  });
});

describe('a frozen world\'s autopilot', () => {
  it('never runs on wall time, only when the clock is advanced', async () => {
    const world = await openTestWorld({ seed: 3 });
    try {
      await world.admin('PUT', '/autopilot', { pace: 'demo' });
      const search = await world.open('GET', '/products/search?q=a&limit=10');
      const product = (search.body.data.items as { id: number; skus: { skuId: string; stock: number }[] }[]).find((p) => p.skus[0]!.stock > 0)!;
      const placed = await world.open('POST', '/orders', { items: [{ productId: String(product.id), skuId: product.skus[0]!.skuId, quantity: 1 }] });
      const orderNo = placed.body.data.orderNo as string;
      const status = async () => (await world.open('GET', `/orders/${orderNo}`)).body.data.status as string;
      // Steps fall due (the clock moved without running them), yet the timer runs none of them.
      (world.core.ctx.clock as ServiceClock).advanceBy(3_600_000);
      expect(await new AutopilotTimer(world.core.ctx).tick()).toBe(0);
      expect(await status()).toBe('pending');
      // An advance runs what falls due on the way.
      const advanced = await world.admin('POST', '/clock/advance', { by: '1m' });
      expect(advanced.body.data.steps).toBeGreaterThan(0);
      expect(await status()).not.toBe('pending');
      expect(world.core.ctx.nowIso()).toBe('2026-03-02T10:01:00.000Z');
    } finally {
      await world.close();
    }
  });
});

describe('the random stream', () => {
  it('gives the same draws for the same seed, other draws for another seed', () => {
    const a = open({ dataDir: ':memory:', seed: 1 });
    const b = open({ dataDir: ':memory:', seed: 1 });
    const c = open({ dataDir: ':memory:', seed: 2 });
    const codes = (core: Core) => Array.from({ length: 5 }, () => core.ctx.random.draw().code(8));
    const fromA = codes(a);
    expect(codes(b)).toEqual(fromA);
    expect(codes(c)).not.toEqual(fromA);
    expect(new Set(fromA).size).toBe(5);
  });

  it('takes a draw back when its transaction rolls back', () => {
    const core = open({ dataDir: ':memory:', seed: 5 });
    const before = draws(core);
    expect(() =>
      core.ctx.db.transaction(() => {
        core.ctx.random.draw();
        throw new Error('the write fails');
      })(),
    ).toThrow('the write fails');
    expect(draws(core)).toBe(before);
    expect(core.ctx.random.draw().code(6)).toBe(drawOf(5, before + 1).code(6));
  });

  it('continues where it stands after a reopen and in a copy of the database file', () => {
    const dir = folder();
    const first = openCore({ dataDir: dir, seed: 9 });
    first.ctx.random.draw();
    first.ctx.random.draw();
    const standing = draws(first);
    first.close();
    const again = open({ dataDir: dir });
    expect(draws(again)).toBe(standing);
    expect(again.ctx.random.draw().digits(12)).toBe(drawOf(9, standing + 1).digits(12));
  });
});

describe('a restore', () => {
  it('brings back data but keeps the live world\'s identity and stream', async () => {
    const core = open({ dataDir: folder(), seed: 11, frozen: true, clockStart: '2026-03-02T09:00:00Z' });
    const backup = await backupDatabase(core.ctx);
    core.ctx.random.draw();
    core.ctx.random.draw();
    const standing = draws(core);
    // The live world now differs from the backup's copy of world_state (seed 11, frozen, no draws).
    core.ctx.db.prepare('UPDATE world_state SET seed = 12, frozen = 0').run();
    restoreFromFile(core.ctx, backup.file);
    expect(worldIdentity(core.ctx)).toEqual({ seed: 12, frozen: false, clockStart: '2026-03-02T09:00:00.000Z' });
    expect(draws(core)).toBe(standing);
  });
});

describe('migration 019 on an existing database', () => {
  it('gives it a random seed, an unfrozen clock and no draws yet', () => {
    const db = databaseAtVersion(18);
    db.exec("INSERT INTO users (id, username, email, avatar, language, created_at) VALUES (1, 'u', 'e', '', 'en', '2026-01-01T00:00:00.000Z')");
    migrateToCurrent(db);
    const row = db.prepare('SELECT seed, draws, frozen, clock_start FROM world_state').get() as { seed: number; draws: number; frozen: number; clock_start: string };
    expect(Number.isSafeInteger(row.seed) && row.seed >= 0).toBe(true);
    expect(row).toMatchObject({ draws: 0, frozen: 0 });
    expect(Number.isNaN(Date.parse(row.clock_start))).toBe(false);
    db.close();
  });
});
