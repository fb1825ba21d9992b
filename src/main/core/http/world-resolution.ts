import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WorldRuntime } from '../worlds/runtime.js';
import { WORLD_HEADER } from '../worlds/world-id.js';
import { WorldResetting, type Worlds } from '../worlds/worlds.js';
import { resolveOpenCaller, type CallerSecrets } from './caller.js';
import type { RouteSpec } from './route.js';

/**
 * The world a request works on (worlds.md section 1), pinned until its answer is sent: a reset or an
 * idle-close of that world waits for it. Open API: the sk- key's world (found in the registry by the
 * key's hash: nothing else opened); admin API and the operator's UI session: the `Crossbuy-World`
 * header (absent: the default world; unknown: 404). A request arriving while its world is reset waits
 * until the world is back. Calls `then` with the world, or with an error.
 */
export function enterWorld(
  worlds: Worlds,
  request: FastifyRequest,
  reply: FastifyReply,
  byKey: boolean,
  then: (error: Error | null, world?: WorldRuntime, keyHash?: string | null) => void,
): void {
  let world: WorldRuntime;
  let keyHash: string | null = null;
  try {
    const byItsKey = byKey ? worlds.forKey(request.headers.authorization) : null;
    if (byItsKey) ({ world, keyHash } = byItsKey);
    else world = worlds.forHeader(request.headers[WORLD_HEADER] ?? worldQuery(request));
  } catch (error) {
    // The world is being reset (its database replaced): wait, then resolve it again.
    if (error instanceof WorldResetting) void error.done.then(() => enterWorld(worlds, request, reply, byKey, then));
    else then(error as Error);
    return;
  }
  const gate = worlds.gateOf(world.id);
  if (gate) {
    void gate.then(() => enterWorld(worlds, request, reply, byKey, then));
    return;
  }
  request.world = world;
  if (world.isDefault) world.lastUsedMs = Date.now();
  else {
    world.pin();
    reply.raw.once('close', () => world.unpin());
    worlds.touched(world);
  }
  then(null, world, keyHash);
}

/**
 * `?world=` of the event stream: the UI session's EventSource cannot send a header, so its stream names
 * the world in the query (worlds.md section 1: the UI works on the world it selected).
 */
function worldQuery(request: FastifyRequest): string | undefined {
  if (!request.url.startsWith(EVENTS_PATH)) return undefined;
  const world = (request.query as { world?: unknown } | undefined)?.world;
  return typeof world === 'string' ? world : undefined;
}

const EVENTS_PATH = '/api/v1/open/events';

/** An open API caller, in its world: enterWorld, then the key's checks against that world's keys and rate windows. */
export function openCallerInWorld(
  worlds: Worlds,
  secrets: CallerSecrets,
  spec: Pick<RouteSpec, 'scope'>,
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
  cookieOnly = false,
): void {
  enterWorld(worlds, request, reply, true, (error, world, keyHash) => {
    if (error) return done(error);
    try {
      request.caller = resolveOpenCaller(world!.ctx, world!.limiter, secrets, spec, request, reply, cookieOnly, keyHash);
    } catch (failure) {
      return done(failure as Error);
    }
    done();
  });
}
