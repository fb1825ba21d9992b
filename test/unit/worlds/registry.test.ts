import { describe, expect, it } from 'vitest';
import { openCore } from '../../../src/main/core/index.js';
import { WorldRegistry } from '../../../src/main/core/worlds/registry.js';
import { templateHash } from '../../../src/main/core/worlds/template-key.js';
import { isWorldId, newWorldId, parseTtl } from '../../../src/main/core/worlds/world-id.js';

describe('world ids and ttl', () => {
  it('takes w_ and 10 to 40 of [a-z0-9_-], and makes ids of that shape', () => {
    expect(isWorldId('w_abcdefghij')).toBe(true);
    expect(isWorldId(`w_${'a'.repeat(40)}`)).toBe(true);
    for (const bad of ['w_abcdefghi', `w_${'a'.repeat(41)}`, 'W_abcdefghij', 'w_ABCDEFGHIJ', 'x_abcdefghij', 'default', 'w_abc.efghij']) expect(isWorldId(bad), bad).toBe(false);
    const ids = new Set(Array.from({ length: 100 }, newWorldId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(isWorldId(id)).toBe(true);
  });

  it('reads a ttl of 1 second to 366 days; anything else is 400', () => {
    expect(parseTtl('2h')).toBe(7_200_000);
    expect(parseTtl('90s')).toBe(90_000);
    expect(parseTtl('7d')).toBe(604_800_000);
    for (const bad of ['0s', '500ms', '367d', '2 hours', '', 'h']) expect(() => parseTtl(bad), bad).toThrow(/ttl must be/);
  });
});

describe('template keys', () => {
  it('are the same for the same file in another key order, and differ by seed, vars and content', () => {
    const file = { crossbuyWorld: 1, steps: [{ call: 'GET /open/cart', query: { a: 1, b: 2 } }] };
    const reordered = { steps: [{ query: { b: 2, a: 1 }, call: 'GET /open/cart' }], crossbuyWorld: 1 };
    expect(templateHash(file, 1, null)).toBe(templateHash(reordered, 1, null));
    expect(templateHash(file, 1, null)).not.toBe(templateHash(file, 2, null));
    expect(templateHash(file, 1, null)).not.toBe(templateHash(file, 1, { x: 1 }));
    expect(templateHash(file, 1, null)).not.toBe(templateHash({ ...file, name: 'other' }, 1, null));
    // the request's clock start and frozen set the template's clock
    expect(templateHash(file, 1, null)).not.toBe(templateHash(file, 1, null, { frozen: false, clockStart: null }));
    expect(templateHash(file, 1, null)).not.toBe(templateHash(file, 1, null, { frozen: true, clockStart: '2031-06-01T00:00:00Z' }));
    expect(templateHash(file, 1, null, { frozen: true, clockStart: '2031-06-01T00:00:00Z' })).toBe(
      templateHash(file, 1, null, { frozen: true, clockStart: '2031-06-01T00:00:00.000Z' }),
    );
  });
});

describe('the registry', () => {
  it('maps key hashes to worlds, forgets them with the world, and pages by creation order', () => {
    const core = openCore({ dataDir: ':memory:' });
    try {
      const registry = new WorldRegistry(core.ctx.db);
      const now = new Date('2026-01-01T00:00:00Z');
      const ids = ['w_aaaaaaaaaa', 'w_cccccccccc', 'w_bbbbbbbbbb'];
      for (const id of ids) registry.insert({ id, name: id, seed: 1, frozen: true, ttlMs: null }, now, 'ready', [`hash-${id}`], null);
      expect(registry.count()).toBe(3);
      expect(registry.worldOfKey('hash-w_cccccccccc')).toBe('w_cccccccccc');
      expect(registry.worldOfKey('unknown')).toBeNull();
      expect(registry.page(2, null)!.map((w) => w.id)).toEqual(['w_aaaaaaaaaa', 'w_cccccccccc']);
      expect(registry.page(2, 'w_cccccccccc')!.map((w) => w.id)).toEqual(['w_bbbbbbbbbb']);
      expect(registry.page(2, 'w_nonexistent')).toBeNull();
      registry.remove('w_cccccccccc');
      // the cached lookup is dropped with the world: its key is nobody's at once
      expect(registry.worldOfKey('hash-w_cccccccccc')).toBeNull();
      expect(registry.count()).toBe(2);
      expect([...registry.ids(1)]).toEqual(['w_aaaaaaaaaa', 'w_bbbbbbbbbb']);
    } finally {
      core.close();
    }
  });

  it('finds expired worlds by the expiry index, and the ttl moves with each use', () => {
    const core = openCore({ dataDir: ':memory:' });
    try {
      const registry = new WorldRegistry(core.ctx.db);
      const t0 = Date.parse('2026-01-01T00:00:00Z');
      registry.insert({ id: 'w_shortlived', name: 'a', seed: 1, frozen: true, ttlMs: 60_000 }, new Date(t0), 'ready');
      registry.insert({ id: 'w_forever000', name: 'b', seed: 1, frozen: true, ttlMs: null }, new Date(t0), 'ready');
      expect(registry.expired(new Date(t0 + 59_000).toISOString(), 10)).toEqual([]);
      expect(registry.expired(new Date(t0 + 60_000).toISOString(), 10)).toEqual(['w_shortlived']);
      registry.touch('w_shortlived', 60_000, t0 + 30_000);
      expect(registry.expired(new Date(t0 + 60_000).toISOString(), 10)).toEqual([]);
      expect(registry.expired(new Date(t0 + 90_000).toISOString(), 10)).toEqual(['w_shortlived']);
      const plan = core.ctx.db.prepare(`EXPLAIN QUERY PLAN SELECT id FROM worlds WHERE expires_at <= ? ORDER BY expires_at LIMIT 8`).all('x') as { detail: string }[];
      expect(plan.map((p) => p.detail).join(' ')).toContain('worlds_expiry');
    } finally {
      core.close();
    }
  });
});
