import { adminWorldSchemas } from '../../../../../contract/admin/worlds.js';
import { ApiError } from '../../../shared/errors.js';
import type { Worlds } from '../../../worlds/worlds.js';
import { defineRoute, withStatus } from '../../route.js';

/** The server's worlds; a core served without them (none today) answers 503. */
function worldsOf(call: { worlds?: Worlds }): Worlds {
  if (!call.worlds) throw new ApiError(503, 'Worlds are served by the server only');
  return call.worlds;
}

/**
 * Worlds (API v1.2, worlds.md section 1): the registry's routes. They work on the registry whatever
 * world the `Crossbuy-World` header selects; the world they act on is the one in the path.
 */
export const adminWorldRoutes = [
  defineRoute({
    method: 'POST',
    url: '/worlds',
    scope: null,
    tag: 'Worlds',
    status: 201,
    summary: 'Create a world: demo data, or set up by a world file; answers its key (shown once)',
    schema: adminWorldSchemas['POST /worlds'],
    handler: (call) => worldsOf(call).create(call.body),
  }),
  defineRoute({
    method: 'GET',
    url: '/worlds',
    scope: null,
    tag: 'Worlds',
    summary: 'The registered worlds, oldest first (cursor paging: startingAfter = a world id); the default world is not listed',
    schema: adminWorldSchemas['GET /worlds'],
    handler: (call) => worldsOf(call).list(call.query),
  }),
  defineRoute({
    method: 'GET',
    url: '/worlds/:id',
    scope: null,
    tag: 'Worlds',
    summary: 'One world (`default` for the data folder\'s own): clock, last use, expiry, size on disk, keys',
    schema: adminWorldSchemas['GET /worlds/:id'],
    handler: (call) => worldsOf(call).describe(call.params.id),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/worlds/:id',
    scope: null,
    tag: 'Worlds',
    status: 204,
    summary: 'Delete a world: its keys are 401 at once, requests in flight finish, its folder is removed',
    schema: adminWorldSchemas['DELETE /worlds/:id'],
    handler: async (call) => {
      await worldsOf(call).delete(call.params.id);
      return withStatus(204, null);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/worlds/:id/snapshots',
    scope: null,
    tag: 'Worlds',
    status: 201,
    summary: 'Keep the world as it is now (a copy of its database), to reset to later',
    schema: adminWorldSchemas['POST /worlds/:id/snapshots'],
    handler: (call) => worldsOf(call).snapshot(call.params.id, call.body?.name),
  }),
  defineRoute({
    method: 'GET',
    url: '/worlds/:id/snapshots',
    scope: null,
    tag: 'Worlds',
    summary: 'The world\'s snapshots, oldest first (`initial`: as it was created)',
    schema: adminWorldSchemas['GET /worlds/:id/snapshots'],
    handler: (call) => worldsOf(call).snapshots(call.params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/worlds/:id/reset',
    scope: null,
    tag: 'Worlds',
    summary: 'Put the world back as it was at a snapshot (default: as created), keys included',
    schema: adminWorldSchemas['POST /worlds/:id/reset'],
    handler: (call) => worldsOf(call).reset(call.params.id, call.body?.snapshot),
  }),
  defineRoute({
    method: 'POST',
    url: '/worlds/:id/fork',
    scope: null,
    tag: 'Worlds',
    status: 201,
    summary: 'A new world, a copy of this one as it is now, with a key of its own',
    schema: adminWorldSchemas['POST /worlds/:id/fork'],
    handler: (call) => worldsOf(call).fork(call.params.id, call.body),
  }),
];
