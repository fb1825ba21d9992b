import type { FastifyInstance } from 'fastify';
import { canSee, EVENT_SCOPE, type ServiceEvent } from '../../events/catalog.js';
import { eventsAfter } from '../../events/log.js';
import { ApiError } from '../../shared/errors.js';
import { authenticate } from '../../auth/api-keys.js';
import type { Worlds } from '../../worlds/worlds.js';
import type { CallerSecrets } from '../caller.js';
import type { Caller } from '../route.js';
import { openCallerInWorld } from '../world-resolution.js';

const HEARTBEAT_MS = 15_000;
const REPLAY_LIMIT = 1000;
/** Open streams one key may hold: each holds a socket and a feed listener. */
export const MAX_STREAMS_PER_KEY = 10;
/** How often idle streams re-check their key (a revocation by another process, an expiry). */
const KEY_CHECK_MS = 250;

interface OpenStream {
  /** Keys are numbered per world: a key is its world and its id. */
  world: string;
  keyId: number;
  /** False once the key is revoked, expired or no longer allowed: the stream must end. */
  keyStillValid(): boolean;
  end(): void;
}

/** One event as the stream sends it; `world` names the world it happened in (`default` for the data folder's own). */
function frame(event: ServiceEvent, world: string): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt, data: event.data, world })}\n\n`;
}

function visibleTo(caller: Caller) {
  return (event: ServiceEvent) => event.userId === caller.userId && canSee(event, caller.scopes);
}

/**
 * Server-Sent Events at /api/v1/open/events: every event the key's scopes can read, live, with `id` for
 * resume. A client that reconnects with `Last-Event-ID` (or `?lastEventId=`) first gets what it missed,
 * from the persisted event log.
 */
export function registerEventStream(
  app: FastifyInstance,
  options: { worlds: Worlds; secrets: CallerSecrets; prefix: string },
): void {
  const readingScopes = [...new Set(Object.values(EVENT_SCOPE).filter((s) => s !== null))];
  // Streams never end on their own: close them when the server stops, or it would wait for them forever.
  const open = new Set<OpenStream>();
  // A revocation, in this process or another (the CLI), or an expiry ends the key's streams even when no
  // event flows; the check is the cached key lookup (PRAGMA data_version), microseconds per stream.
  const checker = setInterval(() => {
    for (const stream of open) if (!stream.keyStillValid()) stream.end();
  }, KEY_CHECK_MS);
  checker.unref();
  app.addHook('preClose', async () => {
    clearInterval(checker);
    for (const stream of open) stream.end();
  });
  const streamsOf = (world: string, keyId: number) => {
    let n = 0;
    for (const stream of open) if (stream.keyId === keyId && stream.world === world) n++;
    return n;
  };
  app.get(
    `${options.prefix}/events`,
    {
      schema: {
        summary: 'Live events (Server-Sent Events), filtered by the key\'s scopes; resume with Last-Event-ID',
        tags: ['Events'],
        security: [{ bearerAuth: [] }],
      },
      onRequest: async (request, reply) => {
        await new Promise<void>((resolve, reject) =>
          openCallerInWorld(options.worlds, options.secrets, { scope: null }, request, reply, (error) => (error ? reject(error) : resolve()), request.method === 'GET'),
        );
        if (!readingScopes.some((s) => request.caller!.scopes.includes(s))) {
          throw new ApiError(403, `Insufficient scope. Events need one of: ${readingScopes.join(', ')}`);
        }
        const caller = request.caller!;
        if (caller.kind === 'key' && request.method === 'GET' && streamsOf(request.world!.id, caller.keyId) >= MAX_STREAMS_PER_KEY) {
          throw new ApiError(429, `Too many open event streams for this API key (at most ${MAX_STREAMS_PER_KEY}); close one first`, {
            'Retry-After': '1',
          });
        }
      },
    },
    (request, reply) => {
      const caller = request.caller!;
      const world = request.world!;
      const { ctx, feed } = world;
      const visible = visibleTo(caller);
      const header = request.headers['last-event-id'];
      const query = (request.query as { lastEventId?: string }).lastEventId;
      const resumeText = (Array.isArray(header) ? header[0] : header) ?? query;
      const asked = resumeText !== undefined && /^\d{1,15}$/.test(resumeText) ? Number(resumeText) : null;
      // An id beyond the log's end names an event this log does not hold: one from before a reset of the
      // world (its log put back to the snapshot's, whose ids the new events take again). Resumed from the
      // end: later events would otherwise be skipped until their ids passed the old one.
      const resumeFrom = asked !== null && asked > feed.position ? feed.position : asked;

      reply.hijack();
      reply.logWhenClosed();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      // HEAD: the headers a GET would get, and no stream.
      if (request.method === 'HEAD') {
        raw.end();
        return;
      }
      const authorization = request.headers.authorization;
      const keyStillValid = (): boolean => {
        if (caller.kind !== 'key') return true;
        try {
          return authenticate(ctx, authorization, request.ip).id === caller.keyId;
        } catch {
          return false;
        }
      };
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        close();
        raw.end();
      };
      raw.write(': crossbuy events\nretry: 3000\n\n');
      let sent = resumeFrom ?? feed.position;
      if (resumeFrom !== null) {
        // Replay what was missed, up to where the live feed stands; the feed takes over from there.
        for (;;) {
          const batch = eventsAfter(ctx, sent, REPLAY_LIMIT).filter((e) => e.id <= feed.position);
          if (batch.length === 0) break;
          if (!keyStillValid()) {
            raw.end();
            return;
          }
          for (const event of batch) if (visible(event)) raw.write(frame(event, world.id));
          sent = batch[batch.length - 1]!.id;
          if (batch.length < REPLAY_LIMIT) break;
        }
        sent = Math.max(sent, feed.position);
      }
      const unsubscribe = feed.subscribe((event) => {
        if (event.id <= sent) return;
        sent = event.id;
        if (!visible(event)) return;
        // The key is checked before every event written: the feed publishes only committed events, so an
        // event published after the revocation committed always sees it (the key lookup drops its cache on
        // any commit by another process).
        if (!keyStillValid()) return end();
        raw.write(frame(event, world.id));
      });
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const stream: OpenStream = { world: world.id, keyId: caller.kind === 'key' ? caller.keyId : 0, keyStillValid, end };
      open.add(stream);
      // A reset or deletion of the world ends its streams (the client reconnects to the world as it is then).
      const unlist = world.addStream(end);
      function close() {
        open.delete(stream);
        unlist();
        clearInterval(heartbeat);
        unsubscribe();
      }
      raw.on('close', close);
      raw.on('error', close);
    },
  );
}
