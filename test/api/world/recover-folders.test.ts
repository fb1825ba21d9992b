import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAKING_MARKER } from '../../../src/main/core/worlds/worlds.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * A start's clean-up of the worlds folder (Worlds.recover): a whole world folder that lost its registry row
 * (say, to a restore by an older build) is registered again, never deleted; only what is provably half made
 * (marked as being made, or without a database) is removed.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('recover: world folders without a registry row', () => {
  it('registers a whole one again (its key reaches its data) and removes only the half-made ones', async () => {
    const id = 'w_unlisted_0000';
    const made = await server.admin('POST', '/worlds', { id, seed: 7 });
    expect(made.status).toBe(201);
    const key = made.body.data.key.secret as string;
    expect(existsSync(join(server.dataDir, 'worlds', id, MAKING_MARKER))).toBe(false);
    const balance = (await server.api('GET', '/user/wallet/balance', { key })).body.data.balance as number;
    // The registry loses the row (what a restore of an older backup did), the folder stays.
    const worlds = server.running.worlds;
    worlds.registry.remove(id);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A crash while a world was made: a marked folder (with a database), and one with no database at all.
    const marked = join(server.dataDir, 'worlds', 'w_halfmade_0000');
    mkdirSync(marked, { recursive: true });
    writeFileSync(join(marked, MAKING_MARKER), '');
    writeFileSync(join(marked, 'crossbuy.db'), '');
    const empty = join(server.dataDir, 'worlds', 'w_emptyfolder_00');
    mkdirSync(empty, { recursive: true });

    const report = await worlds.recover();
    expect(report.registered).toEqual([id]);
    expect(report.removed.sort()).toEqual(['w_emptyfolder_00', 'w_halfmade_0000']);
    expect(existsSync(join(server.dataDir, 'worlds', id, 'crossbuy.db'))).toBe(true);
    expect(existsSync(marked)).toBe(false);
    expect(existsSync(empty)).toBe(false);
    const listed = (await server.admin('GET', '/worlds')).body.data.items as { id: string; seed: number; frozen: boolean }[];
    expect(listed).toEqual([expect.objectContaining({ id, seed: 7, frozen: true })]);
    expect((await server.api('GET', '/user/wallet/balance', { key })).body.data.balance).toBe(balance);
  });

  it('a deletion marks the folder before its row goes: cut short by a crash, a start removes it rather than registering it again', async () => {
    const id = 'w_deleting_0000';
    expect((await server.admin('POST', '/worlds', { id })).status).toBe(201);
    const worlds = server.running.worlds;
    const remove = worlds.registry.remove.bind(worlds.registry);
    let markedWhenRowWent: boolean | null = null;
    worlds.registry.remove = (world: string) => {
      if (world === id) markedWhenRowWent = existsSync(join(server.dataDir, 'worlds', id, MAKING_MARKER));
      return remove(world);
    };
    try {
      expect((await server.admin('DELETE', `/worlds/${id}`)).status).toBeLessThan(300);
    } finally {
      worlds.registry.remove = remove;
    }
    expect(markedWhenRowWent).toBe(true);
    expect(existsSync(join(server.dataDir, 'worlds', id))).toBe(false);
  });
});
