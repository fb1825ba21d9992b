import type { CoreContext } from '../context.js';
import type { ServiceEvent } from '../events/catalog.js';
import { KeptViews } from '../db/kept-views.js';
import { readSetting } from '../settings/settings.js';
import { forbiddenHost, guardedFetcher } from './destination.js';
import { isLoopbackUrl } from './endpoints.js';
import { SIGNATURE_HEADER, signatureHeader } from './signature.js';

/**
 * Delivers events to webhook endpoints: one delivery per (endpoint, event), signed, retried with
 * exponential backoff (5 s, 10 s, 20 s ... capped at 1 h, 8 attempts), every attempt recorded. Deliveries
 * are rows, so a restart resumes them; retries run on wall time, since they wait on a real network.
 */
export const MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 5_000;
const MAX_DELAY_MS = 3_600_000;
const TIMEOUT_MS = 10_000;

export function backoffMs(attempt: number): number {
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1));
}

interface ActiveEndpoint {
  id: number;
  /** The event types it subscribed to ('*': all). */
  events: readonly string[];
}

/**
 * The active endpoints, kept while nothing in the database changed (db/kept-views.ts): the event feed
 * hands over every event of a poll one by one, often hundreds under load, and with no endpoint at all
 * (the usual case) each used to cost a query and found nothing (issue 14 item 3). An endpoint added or
 * changed, here or by another process, changes the stamp, so the next event reads the list afresh.
 */
const activeEndpoints = new KeptViews<'active', readonly ActiveEndpoint[]>(1);

function readActiveEndpoints(ctx: CoreContext): readonly ActiveEndpoint[] {
  return activeEndpoints.get(ctx.db, '', 'active', () =>
    // Frozen, as every kept view is: the same list is handed to every event until something changes.
    Object.freeze(
      (ctx.db.prepare('SELECT id, events FROM webhook_endpoints WHERE active = 1').all() as { id: number; events: string }[]).map((row) =>
        Object.freeze({ id: row.id, events: Object.freeze(JSON.parse(row.events) as string[]) }),
      ),
    ),
  );
}

/** Queues a delivery of `event` to every active endpoint that wants it. */
export function enqueueDeliveries(ctx: CoreContext, event: ServiceEvent): number {
  let queued = 0;
  // The first attempt is due on wall time (retries are wall-time work); the delivery is dated as its event.
  let now: string | null = null;
  for (const endpoint of readActiveEndpoints(ctx)) {
    if (!endpoint.events.includes('*') && !endpoint.events.includes(event.type)) continue;
    now ??= new Date().toISOString();
    queued += ctx.db
      .prepare(
        `INSERT OR IGNORE INTO webhook_deliveries (endpoint_id, event_id, status, attempts, next_attempt_at, created_at)
         VALUES (?, ?, 'pending', 0, ?, ?)`,
      )
      .run(endpoint.id, event.id, now, event.createdAt).changes;
  }
  return queued;
}

interface DueDelivery {
  id: number;
  attempts: number;
  url: string;
  secret: string;
  event_id: number;
  type: string;
  user_id: number;
  data: string;
  created_at: string;
}

export type Fetcher = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal; redirect: 'manual' },
) => Promise<{ status: number }>;

/** Attempts every delivery that is due now; returns how many attempts were made. */
export async function deliverDue(ctx: CoreContext, fetcher: Fetcher = guardedFetcher(), now: Date = new Date(), world: string = 'default'): Promise<number> {
  const due = ctx.db
    .prepare(
      `SELECT d.id, d.attempts, w.url, w.secret, e.id AS event_id, e.type, e.user_id, e.data, e.created_at
         FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id JOIN events e ON e.id = d.event_id
        WHERE d.status = 'pending' AND w.active = 1 AND d.next_attempt_at <= ? ORDER BY d.next_attempt_at, d.id LIMIT 50`,
    )
    .all(now.toISOString()) as DueDelivery[];
  const allowRemote = readSetting(ctx.db, 'webhooksAllowRemote') === 'yes';
  await Promise.all(due.map((delivery) => attempt(ctx, delivery, fetcher, allowRemote, world)));
  return due.length;
}

/** What one signed POST to an endpoint came to. */
export interface PostOutcome {
  statusCode: number | null;
  error: string | null;
  startedAt: string;
  durationMs: number;
}

/**
 * One signed POST of `body` to an endpoint, under the dispatcher's rules (loopback only unless remote
 * webhooks are allowed, never a link-local, unique-local or metadata target (destination.ts; the default
 * fetcher checks the resolved addresses at connect time too), no redirects followed, a timeout): shared
 * by deliveries and test events. A refused target is never contacted, so its status is never known.
 */
export async function postSigned(
  target: { url: string; secret: string },
  headers: { eventId: string; eventType: string },
  body: string,
  fetcher: Fetcher,
  allowRemote: boolean,
): Promise<PostOutcome> {
  const timestamp = Math.floor(Date.now() / 1000);
  const started = Date.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  const forbidden = forbiddenHost(new URL(target.url));
  if (!allowRemote && !isLoopbackUrl(new URL(target.url))) {
    error = 'remote webhooks are not allowed (settings: webhooksAllowRemote)';
  } else if (forbidden) {
    error = `refused: ${forbidden}`;
  } else {
    try {
      const response = await fetcher(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'crossbuy-webhooks/1',
          [SIGNATURE_HEADER]: signatureHeader(target.secret, timestamp, body),
          'crossbuy-event-id': headers.eventId,
          'crossbuy-event-type': headers.eventType,
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        // Never follow a redirect: a loopback endpoint answering 302 would otherwise carry the signed
        // payload anywhere, remote webhooks off or not. A 3xx is a failed attempt like any non-2xx.
        redirect: 'manual',
      });
      statusCode = response.status;
      if (response.status >= 300 && response.status < 400) error = `HTTP ${response.status}: redirects are not followed`;
      else if (response.status < 200 || response.status >= 300) error = `HTTP ${response.status}`;
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
  }
  return { statusCode, error, startedAt: new Date(started).toISOString(), durationMs: Date.now() - started };
}

async function attempt(ctx: CoreContext, delivery: DueDelivery, fetcher: Fetcher, allowRemote: boolean, world: string): Promise<void> {
  // `world`: the world the event happened in (worlds.md section 1; 'default' for the data folder's own).
  const body = JSON.stringify({ id: delivery.event_id, type: delivery.type, createdAt: delivery.created_at, data: JSON.parse(delivery.data) as unknown, world });
  const { statusCode, error, startedAt, durationMs } = await postSigned(
    delivery,
    { eventId: String(delivery.event_id), eventType: delivery.type },
    body,
    fetcher,
    allowRemote,
  );
  const attempts = delivery.attempts + 1;
  const succeeded = error === null;
  const status = succeeded ? 'succeeded' : attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
  const next = status === 'pending' ? new Date(Date.now() + backoffMs(attempts)).toISOString() : null;
  if (!ctx.db.open) return;
  ctx.db.transaction(() => {
    ctx.db
      .prepare('INSERT INTO webhook_attempts (delivery_id, at, status_code, error, duration_ms) VALUES (?, ?, ?, ?, ?)')
      .run(delivery.id, startedAt, statusCode, error, durationMs);
    ctx.db
      .prepare('UPDATE webhook_deliveries SET status = ?, attempts = ?, next_attempt_at = ?, last_status_code = ?, last_error = ? WHERE id = ?')
      .run(status, attempts, next, statusCode, error, delivery.id);
  })();
}

/** Runs the dispatcher beside the server: queues deliveries for new events, attempts due ones each second. */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly ctx: CoreContext,
    private readonly fetcher: Fetcher = guardedFetcher(),
    /** The world whose events these are: every payload names it. */
    private readonly world: string = 'default',
  ) {}

  onEvent = (event: ServiceEvent): void => {
    enqueueDeliveries(this.ctx, event);
    void this.tick();
  };

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async tick(): Promise<void> {
    if (this.running || !this.ctx.db.open) return;
    this.running = true;
    try {
      await deliverDue(this.ctx, this.fetcher, new Date(), this.world);
    } finally {
      this.running = false;
    }
  }
}
