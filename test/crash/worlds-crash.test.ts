import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crashHarness, exited } from './harness.js';
import { plural } from '../../src/main/cli/args.js';

/**
 * Kill -9 while worlds are being created (and deleted), restart on the same folder: every world whose
 * creation was acknowledged is there and its key works, and nothing half made is left: no registry row
 * without its database, no world folder without its row, doctor clean on every world.
 */
const { dataDir, cli, serve, cleanup } = crashHarness('crossbuy-worlds-crash-');
const CRASH_CYCLES = 2;
const IN_FLIGHT = 4;

afterAll(cleanup);

describe('crash while worlds are being created', () => {
  it('leaves no half world and loses no acknowledged one after SIGKILL', async () => {
    // `admin token` reads a folder that exists (it creates none): the first key makes it.
    await cli('keys', 'create', '--name', 'crash', '--scopes', 'all');
    const adminToken = (await cli('admin', 'token')).stdout.trim();
    const admin = (origin: string, method: string, path: string, body?: unknown) =>
      fetch(`${origin}/api/v1/admin${path}`, {
        method,
        headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const acknowledged: { id: string; key: string }[] = [];
    for (let cycle = 0; cycle < CRASH_CYCLES; cycle++) {
      const server = await serve();
      const target = acknowledged.length + 4;
      let killed = false;
      const worker = async (n: number) => {
        for (let i = 0; !killed; i++) {
          try {
            const res = await admin(server.origin, 'POST', '/worlds', { name: `crash ${cycle}.${n}.${i}` });
            if (res.status === 201) {
              const data = ((await res.json()) as { data: { id: string; key: { secret: string } } }).data;
              acknowledged.push({ id: data.id, key: data.key.secret });
              // a snapshot and a deletion now and then, cut short like the creations
              if (i % 2 === 1) void admin(server.origin, 'POST', `/worlds/${data.id}/snapshots`, {}).catch(() => undefined);
            }
          } catch {
            // the connection died with the server
          }
          if (acknowledged.length >= target && !killed) {
            killed = true;
            server.child.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, (_, n) => worker(n)));
      await exited(server.child);
      expect(server.child.signalCode).toBe('SIGKILL');
    }

    // Restarted: what a crash left half made is gone before the first request.
    const server = await serve();
    for (const world of acknowledged) {
      const res = await fetch(`${server.origin}/api/v1/open/cart`, { headers: { authorization: `Bearer ${world.key}` } });
      expect(res.status, world.id).toBe(200);
    }
    const listed: string[] = [];
    let after = '';
    for (;;) {
      const page = (await (await admin(server.origin, 'GET', `/worlds?limit=100${after}`)).json()) as { data: { items: { id: string }[] } };
      listed.push(...page.data.items.map((w) => w.id));
      if (page.data.items.length < 100) break;
      after = `&startingAfter=${listed[listed.length - 1]}`;
    }
    expect(listed).toEqual(expect.arrayContaining(acknowledged.map((w) => w.id)));
    const folders = readdirSync(join(dataDir, 'worlds')).filter((f) => !f.startsWith('.'));
    expect(folders.sort()).toEqual([...listed].sort());
    for (const id of listed) expect(existsSync(join(dataDir, 'worlds', id, 'crossbuy.db')), id).toBe(true);
    server.child.kill('SIGTERM');
    await exited(server.child);

    const doctor = await cli('doctor');
    expect(doctor.stdout).toContain(`${plural(listed.length, 'world')} registered besides the default one, each whole`);
    expect(doctor.stdout).not.toContain('FAIL');
    expect(doctor.code).toBe(0);
  }, 240_000);
});
