import { isIP } from 'node:net';
import type { CoreContext } from '../context.js';
import { EVENT_TYPES, isEventType } from '../events/catalog.js';
import { readSetting } from '../settings/settings.js';
import { badRequest, notFound } from '../shared/errors.js';
import { cursorOf, integerCursor, offsetOf, pageOf, unknownCursor, type Page, type Paging } from '../shared/pagination.js';
import { randomBase62 } from '../shared/random.js';
import type { WebhookDelivery, WebhookEndpoint } from '../../../contract/admin/webhooks.js';
import { TEST_EVENT_TYPE } from '../../../contract/enums.js';
import { forbiddenHost } from './destination.js';
import { endpointRows, type EndpointRow } from './rows.js';

export type { WebhookEndpoint };

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: JSON.parse(row.events) as string[],
  description: row.description,
  active: row.active === 1,
  secret: row.secret,
  createdAt: row.created_at,
});

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * Loopback only, unless the operator allowed other destinations (settings: webhooksAllowRemote). Only
 * literal loopback names and addresses count: `*.localhost` is resolved by whatever resolver the machine
 * has, which need not send it to loopback.
 */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  if (LOOPBACK_NAMES.has(host)) return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

function checkUrl(ctx: CoreContext, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest('url must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('url must be an absolute http(s) URL');
  if (url.username || url.password) throw badRequest('url must not carry credentials');
  if (!isLoopbackUrl(url) && readSetting(ctx.db, 'webhooksAllowRemote') !== 'yes') {
    throw badRequest('url must be a loopback address (127.0.0.1, localhost) unless remote webhooks are allowed in the settings');
  }
  const forbidden = forbiddenHost(url);
  if (forbidden) throw badRequest(`url is not allowed: ${forbidden}`);
  return url.toString();
}

function checkEvents(events: readonly string[]): string[] {
  if (events.length === 0) throw badRequest('events must name at least one event type, or "*"');
  if (events.includes('*')) return ['*'];
  const unknown = events.find((e) => !isEventType(e));
  if (unknown) throw badRequest(`events: unknown event type "${unknown}"; known: ${EVENT_TYPES.join(', ')}`);
  return [...new Set(events)];
}

function requireEndpoint(ctx: CoreContext, id: number): EndpointRow {
  const row = endpointRows.one(ctx.db.prepare('SELECT * FROM webhook_endpoints WHERE id = ?').get(id));
  if (!row) throw notFound(`Webhook endpoint ${id} not found`);
  return row;
}

export function listEndpoints(ctx: CoreContext): WebhookEndpoint[] {
  return endpointRows.all(ctx.db.prepare('SELECT * FROM webhook_endpoints ORDER BY id').all()).map(toEndpoint);
}

export function createEndpoint(ctx: CoreContext, input: { url: string; events: string[]; description?: string }): WebhookEndpoint {
  const url = checkUrl(ctx, input.url);
  const events = checkEvents(input.events);
  const id = Number(
    ctx.db
      .prepare('INSERT INTO webhook_endpoints (url, events, secret, description, active, created_at) VALUES (?, ?, ?, ?, 1, ?)')
      .run(url, JSON.stringify(events), `whsec_${randomBase62(40)}`, input.description ?? '', ctx.nowIso()).lastInsertRowid,
  );
  return toEndpoint(requireEndpoint(ctx, id));
}

export function updateEndpoint(
  ctx: CoreContext,
  id: number,
  patch: { url?: string; events?: string[]; description?: string; active?: boolean },
): WebhookEndpoint {
  const row = requireEndpoint(ctx, id);
  if (Object.values(patch).every((v) => v === undefined)) throw badRequest('Send at least one of url, events, description, active');
  const url = patch.url === undefined ? row.url : checkUrl(ctx, patch.url);
  const events = patch.events === undefined ? row.events : JSON.stringify(checkEvents(patch.events));
  ctx.db
    .prepare('UPDATE webhook_endpoints SET url = ?, events = ?, description = ?, active = ? WHERE id = ?')
    .run(url, events, patch.description ?? row.description, patch.active === undefined ? row.active : patch.active ? 1 : 0, id);
  return toEndpoint(requireEndpoint(ctx, id));
}

export function deleteEndpoint(ctx: CoreContext, id: number): { message: string } {
  requireEndpoint(ctx, id);
  ctx.db.transaction(() => {
    ctx.db.prepare('DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE endpoint_id = ?)').run(id);
    ctx.db.prepare('DELETE FROM webhook_deliveries WHERE endpoint_id = ?').run(id);
    ctx.db.prepare('DELETE FROM webhook_endpoints WHERE id = ?').run(id);
  })();
  return { message: `Webhook endpoint ${id} deleted` };
}

/**
 * An endpoint's deliveries, newest first: a page by number, or (`startingAfter`, a delivery id of this
 * endpoint) the ones after it. Either is one seek in the (endpoint_id, seq) index whatever the depth: page p
 * is the seq range just below the top minus (p-1) pages, a cursor the range below its delivery's seq
 * (migration 017, which also keeps the total per endpoint).
 */
export function listDeliveries(ctx: CoreContext, endpointId: number, page: Paging): Page<WebhookDelivery> {
  requireEndpoint(ctx, endpointId);
  const cursor = cursorOf(page);
  const total = (ctx.db.prepare('SELECT n FROM webhook_delivery_counts WHERE endpoint_id = ?').pluck().get(endpointId) as number | undefined) ?? 0;
  let below: number;
  if (cursor !== null) {
    const seq = ctx.db.prepare('SELECT seq FROM webhook_deliveries WHERE id = ? AND endpoint_id = ?').pluck().get(integerCursor(cursor), endpointId) as number | undefined;
    if (seq === undefined) unknownCursor();
    below = seq;
  } else {
    const top = (ctx.db.prepare('SELECT MAX(seq) FROM webhook_deliveries WHERE endpoint_id = ?').pluck().get(endpointId) as number | null) ?? 0;
    below = top - offsetOf(page) + 1;
  }
  const rows = ctx.db
    .prepare(
      // A test event (test_event_id) is not in the event log: its type is webhook.test.
      `SELECT d.*, COALESCE(e.type, '${TEST_EVENT_TYPE}') AS event_type FROM webhook_deliveries d LEFT JOIN events e ON e.id = d.event_id
        WHERE d.endpoint_id = ? AND d.seq < ? ORDER BY d.seq DESC LIMIT ?`,
    )
    .all(endpointId, below, page.limit) as {
    id: number;
    event_id: number | null;
    test_event_id: string | null;
    event_type: string;
    status: WebhookDelivery['status'];
    attempts: number;
    last_status_code: number | null;
    last_error: string | null;
    next_attempt_at: string | null;
    created_at: string;
  }[];
  const attempts = ctx.db.prepare('SELECT at, status_code, error, duration_ms FROM webhook_attempts WHERE delivery_id = ? ORDER BY id');
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      eventId: r.event_id,
      testEventId: r.test_event_id,
      eventType: r.event_type,
      status: r.status,
      attempts: r.attempts,
      lastStatusCode: r.last_status_code,
      lastError: r.last_error,
      nextAttemptAt: r.next_attempt_at,
      createdAt: r.created_at,
      attemptLog: (attempts.all(r.id) as { at: string; status_code: number | null; error: string | null; duration_ms: number }[]).map((a) => ({
        at: a.at,
        statusCode: a.status_code,
        error: a.error,
        durationMs: a.duration_ms,
      })),
    })),
    total,
    page,
  );
}
