import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyWorldFile, WorldFileError, type WorldTarget } from '../../src/main/core/worlds/file/apply.js';
import { localWorldTarget } from '../../src/main/core/worlds/file/local-target.js';
import { reachesOutside } from '../../src/main/core/worlds/file/outside.js';
import { worldsRoot } from '../../src/main/core/worlds/files.js';
import { startTestServer, tableCounts, type TestServer } from '../helpers/server.js';

/**
 * A world file makes one world and touches no other (worlds.md section 1: worlds share nothing). Its steps
 * carry admin rights in the world being made only: a step whose request would read or write outside it
 * (the worlds registry, backups and restores of the data folder, the server's description, the server's
 * own settings) is a 422 naming the step, before anything runs when it can be seen then, else as it is
 * sent; the file never becomes a kept template.
 */
let server: TestServer;
let target: WorldTarget;
const VICTIM = 'w_victim00001';
beforeAll(async () => {
  server = await startTestServer({ applyFile: applyWorldFile });
  target = await localWorldTarget(server.running.app, server.running.core.adminToken);
  expect((await server.admin('POST', '/worlds', { id: VICTIM })).status).toBe(201);
});
afterAll(() => server.close());

const world = (steps: unknown[], extra: Record<string, unknown> = {}) => ({ crossbuyWorld: 1, steps, ...extra });
const fund = { name: 'fund', call: 'POST /admin/wallet/deposit', body: { amount: 5 } };

async function refused(file: unknown, options = {}): Promise<WorldFileError> {
  const error = await applyWorldFile(target, file, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the file was applied').toBeInstanceOf(WorldFileError);
  expect((error as WorldFileError).statusCode).toBe(422);
  return error as WorldFileError;
}

const victimExists = async () => (await server.admin('GET', `/worlds/${VICTIM}`)).status === 200;

describe('a world file reaches nothing outside the world it makes', () => {
  it('the tester\'s file (list every world, delete another) is a 422 at POST /admin/worlds, and the other world stays', async () => {
    const before = (await server.admin('GET', '/worlds')).body.data.total;
    const file = world([
      { name: 'all', call: 'GET /admin/worlds' },
      { call: `DELETE /admin/worlds/${VICTIM}`, expect: 204 },
    ]);
    const res = await server.admin('POST', '/worlds', { file });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ statusCode: 422, error: 'Unprocessable Entity' });
    expect(res.body.message).toMatch(/^steps\[0\] "all" \(GET \/admin\/worlds\) is refused: it would reach outside the world the file makes: the worlds registry/);
    expect(await victimExists()).toBe(true);
    expect((await server.admin('GET', '/worlds')).body.data.total).toBe(before);
  });

  it('every registry route, backups, restore, the server, the server\'s settings and the event stream: 422 before anything runs', async () => {
    const calls: [string, unknown?][] = [
      ['GET /admin/worlds'],
      ['POST /admin/worlds', { id: 'w_made_inside01' }],
      [`GET /admin/worlds/${VICTIM}`],
      [`DELETE /admin/worlds/${VICTIM}`],
      [`POST /admin/worlds/${VICTIM}/reset`, {}],
      [`POST /admin/worlds/${VICTIM}/fork`, {}],
      [`POST /admin/worlds/${VICTIM}/snapshots`, {}],
      [`GET /admin/worlds/${VICTIM}/snapshots`],
      ['GET /admin/worlds/default'],
      ['POST /admin/worlds/default/fork', {}],
      ['POST /admin/data/backup'],
      ['GET /admin/data/backups'],
      ['POST /admin/data/restore', { backupId: 'x.db', confirm: 'RESTORE' }],
      ['GET /admin/server'],
      ['PUT /admin/settings', { requestLogLimit: 100 }],
      ['PUT /admin/settings', { serviceFeeRate: 5, maxWorlds: 2 }],
      ['GET /open/events'],
      // the same paths as the router would reach them
      [`DELETE /admin/orders/../worlds/${VICTIM}`],
      [`DELETE /admin/orders/%2e%2E/worlds/${VICTIM}`],
      [`DELETE /admin/orders\\..\\worlds\\${VICTIM}`],
      [`DELETE /admin/%77orlds/${VICTIM}`],
      [`DELETE /admin/worlds/${VICTIM}/`],
      ['GET /admin/worlds?limit=5'],
      ['GET /open/../admin/worlds'],
    ];
    const before = tableCounts(server);
    for (const [call, body] of calls) {
      const error = await refused(world([fund, { name: 'outside', call, ...(body === undefined ? {} : { body }) }]));
      expect(error.message, call).toMatch(/^steps\[1\] "outside" \(.*\) is refused: it would reach outside the world the file makes: /);
      expect(error.step).toMatchObject({ index: 1, name: 'outside' });
    }
    // nothing ran: not even the deposit before them
    expect(tableCounts(server)).toEqual(before);
    expect(await victimExists()).toBe(true);
  });

  it('the server\'s settings are refused in the file\'s settings too', async () => {
    const error = await refused(world([fund], { settings: { requestLogLimit: 100 } }));
    expect(error.message).toMatch(/^settings \(PUT \/admin\/settings\) is refused: .*requestLogLimit/);
  });

  it('an until step reading the registry, and a path built from vars, are refused before anything runs', async () => {
    const until = await refused(world([fund, { name: 'wait', until: { call: `GET /admin/worlds/${VICTIM}`, path: 'data.id', equals: 'x' }, advanceStep: '1d', max: '2d' }]));
    expect(until.message).toMatch(/^steps\[1\] "wait" \(GET \/admin\/worlds\/w_victim00001\) is refused/);
    const vars = await refused(world([fund, { call: 'DELETE /admin/${vars.where}/${vars.id}' }], { vars: { where: 'worlds', id: VICTIM } }));
    expect(vars.message).toMatch(/^steps\[1\] \(DELETE \/admin\/worlds\/w_victim00001\) is refused/);
    // a path whose fixed part already names the registry, whatever a later answer fills in
    const later = await refused(world([fund, { name: 'w', call: 'POST /admin/worlds/${fund.data.id}/reset' }]));
    expect(later.message).toMatch(/^steps\[1\] "w" \(POST \/admin\/worlds\/\$\{fund\.data\.id\}\/reset\) is refused/);
    expect(await victimExists()).toBe(true);
  });

  it('a path that reaches the registry only once an answer fills it in is refused as it is sent', async () => {
    const error = await refused(
      world([
        { name: 'k', call: 'POST /admin/keys', body: { name: 'worlds', scopes: ['all'] } },
        { name: 'gone', call: 'DELETE /admin/${k.data.name}/${vars.id}', expect: 204 },
      ]),
      { vars: { id: VICTIM } },
    );
    expect(error.message).toMatch(/^steps\[1\] "gone" \(DELETE \/admin\/worlds\/w_victim00001\) is refused: .*worlds registry/);
    expect(error.step).toMatchObject({ index: 1, name: 'gone' });
    expect(await victimExists()).toBe(true);
  });

  it('routes of the world itself still run: settings of the world, demo reset, request log, the schema and the shipped files', async () => {
    const { steps } = await applyWorldFile(
      target,
      world(
        [
          { call: 'GET /admin/worlds/schema.json' },
          { call: 'GET /admin/worlds/files' },
          { call: 'GET /admin/settings' },
          { call: 'POST /admin/data/reset', body: { confirm: 'RESET' } },
          { call: 'GET /admin/requests' },
          { call: 'POST /admin/keys', body: { name: 'inside', scopes: ['all'] } },
        ],
        { settings: { serviceFeeRate: 5, lowBalanceThreshold: 100, automaticBackupsKept: 3 } },
      ),
      {},
    );
    expect(steps.filter((s) => s.kind === 'call').map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 201]);
  });

  it('a refused file never becomes a kept template: the same file refused again, the other world untouched', async () => {
    const templates = join(worldsRoot(server.dataDir), '.templates');
    const kept = () => (existsSync(templates) ? readdirSync(templates).length : 0);
    const before = kept();
    const file = world([{ name: 'gone', call: `DELETE /admin/worlds/${VICTIM}`, expect: 204 }], { seed: 7, clockStart: '2026-03-02T09:00:00Z' });
    for (let i = 0; i < 2; i++) {
      const res = await server.admin('POST', '/worlds', { file });
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/^steps\[0\] "gone" \(DELETE \/admin\/worlds\/w_victim00001\) is refused/);
    }
    expect(kept()).toBe(before);
    expect(await victimExists()).toBe(true);
  });
});

describe('reachesOutside', () => {
  it('judges the path as the router reaches it', () => {
    expect(reachesOutside('GET', 'admin', '/orders', undefined)).toBeNull();
    expect(reachesOutside('GET', 'admin', '/orders/../worlds', undefined)).toMatch(/registry/);
    expect(reachesOutside('GET', 'admin', '/worlds/schema.json', undefined)).toBeNull();
    expect(reachesOutside('POST', 'admin', '/data/reset', { confirm: 'RESET' })).toBeNull();
    expect(reachesOutside('PUT', 'admin', '/settings', { serviceFeeRate: 5 })).toBeNull();
    expect(reachesOutside('PUT', 'admin', '/settings', { maxWorlds: 5 })).toMatch(/maxWorlds/);
    expect(reachesOutside('GET', 'open', '/../../v1/admin/worlds', undefined)).toMatch(/leaves \/open/);
    expect(reachesOutside('GET', 'open', '/orders?x=/events', undefined)).toBeNull();
  });
});
