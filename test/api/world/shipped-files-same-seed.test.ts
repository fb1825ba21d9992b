import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { dumpWorld, registryWorld } from '../../helpers/world-dump.js';

/**
 * worlds.md section 3, tested as it says: every shipped world file applied twice with one seed gives
 * byte-identical step answers and full dumps (key secrets and ids masked); with another seed, the files
 * that make up numbers (orders, packages, shipping orders) give different ones.
 *
 * The two same-seed worlds are made by two servers on two data folders, so the second run executes the
 * steps again rather than copying the first server's kept template (worlds.md section 5). Each server's
 * own origin (its port, in image URLs) is masked like the keys: it is where the world is served, not the world.
 */
const WORLDS_DIR = fileURLToPath(new URL('../../../worlds/', import.meta.url));
const FILES = ['empty-funded', 'orders-every-status', 'packages-every-status', 'shipping-every-status', 'after-sales'];
/** An empty funded account makes up no number: a seed has nothing to change there. */
const MAKES_NUMBERS = new Set(FILES.filter((name) => name !== 'empty-funded'));

let first: TestServer;
let second: TestServer;
beforeAll(async () => {
  [first, second] = await Promise.all([startTestServer(), startTestServer()]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

/** Where two dumps first part, with a little context: what a failure message needs. */
function firstDifference(a: string, b: string): string {
  const [linesA, linesB] = [a.split('\n'), b.split('\n')];
  const at = linesA.findIndex((line, i) => line !== linesB[i]);
  if (at < 0) return linesA.length === linesB.length ? 'equal' : `lengths ${linesA.length} vs ${linesB.length}`;
  return `line ${at}:\n${linesA.slice(Math.max(0, at - 6), at + 2).join('\n')}\n--- vs ---\n${linesB.slice(Math.max(0, at - 6), at + 2).join('\n')}`;
}

async function worldFrom(server: TestServer, name: string, seed: number) {
  const file = JSON.parse(readFileSync(join(WORLDS_DIR, `${name}.json`), 'utf8'));
  const made = await server.admin('POST', '/worlds', { file, seed });
  expect(made.status, JSON.stringify(made.body).slice(0, 600)).toBe(201);
  const { id, key, steps } = made.body.data as { id: string; key: { secret: string }; steps: unknown[] };
  const { app, worlds, core } = server.running;
  const world = registryWorld(app, worlds, id, key.secret, core.adminToken);
  const masked = JSON.stringify(steps).replaceAll(key.secret, 'sk-<masked>').replaceAll(id, 'w_<masked>').replaceAll(server.running.origin, 'http://origin');
  return { world, steps: masked, origin: server.running.origin };
}

describe('shipped world files: same seed, same world', () => {
  for (const name of FILES) {
    it(`${name}.json twice with seed 42 is byte-identical${MAKES_NUMBERS.has(name) ? '; seed 43 differs' : ''}`, async () => {
      const [a, b] = await Promise.all([worldFrom(first, name, 42), worldFrom(second, name, 42)]);
      expect(b.steps === a.steps, firstDifference(a.steps.replaceAll('},', '},\n'), b.steps.replaceAll('},', '},\n'))).toBe(true);
      const dump = (await dumpWorld(a.world)).replaceAll(a.origin, 'http://origin');
      expect(dump.length).toBeGreaterThan(1000);
      const again = (await dumpWorld(b.world)).replaceAll(b.origin, 'http://origin');
      expect(again === dump, firstDifference(dump, again)).toBe(true);
      if (MAKES_NUMBERS.has(name)) {
        const other = await worldFrom(second, name, 43);
        expect((await dumpWorld(other.world)).replaceAll(other.origin, 'http://origin')).not.toBe(dump);
      }
    }, 240_000);
  }
});
