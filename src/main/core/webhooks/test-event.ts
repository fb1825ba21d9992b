import type { WebhookTestResult } from '../../../contract/admin/webhooks.js';
import { TEST_EVENT_TYPE } from '../../../contract/enums.js';
import type { CoreContext } from '../context.js';
import { notFound } from '../shared/errors.js';
import { readSetting } from '../settings/settings.js';
import { guardedFetcher } from './destination.js';
import { postSigned, type Fetcher, type PostOutcome } from './dispatcher.js';

/**
 * Sends one signed test event to an endpoint now, whatever events it subscribes to and whether it is
 * active, under the dispatcher's rules (loopback unless remote webhooks are allowed, no redirects), and
 * answers what came of it, so an operator can check the URL and their signature check before real events.
 * The attempt is kept in the endpoint's delivery history like any other (recordTestDelivery).
 */
export async function sendTestEvent(ctx: CoreContext, endpointId: number, fetcher: Fetcher = guardedFetcher(), world = 'default'): Promise<WebhookTestResult> {
  const endpoint = ctx.db.prepare('SELECT url, secret FROM webhook_endpoints WHERE id = ?').get(endpointId) as { url: string; secret: string } | undefined;
  if (!endpoint) throw notFound(`Webhook endpoint ${endpointId} not found`);
  const draw = ctx.random.draw();
  const eventId = `evt_test_${Array.from({ length: 16 }, () => draw.int(16).toString(16)).join('')}`;
  const createdAt = ctx.nowIso();
  const body = JSON.stringify({ id: eventId, type: TEST_EVENT_TYPE, createdAt, data: { endpointId, message: 'A test event sent from crossbuy' }, world });
  const allowRemote = readSetting(ctx.db, 'webhooksAllowRemote') === 'yes';
  const outcome = await postSigned(endpoint, { eventId, eventType: TEST_EVENT_TYPE }, body, fetcher, allowRemote);
  const deliveryId = recordTestDelivery(ctx, endpointId, eventId, outcome);
  return {
    deliveryId,
    eventId,
    eventType: TEST_EVENT_TYPE,
    succeeded: outcome.error === null,
    statusCode: outcome.statusCode,
    error: outcome.error,
    at: outcome.startedAt,
    durationMs: outcome.durationMs,
  };
}

/**
 * The test as a delivery of its own with its one attempt (status, response code, duration), so the
 * endpoint's history shows it beside the service events: done, never retried (`succeeded` or `failed` at
 * once). Written after the POST, in a transaction of its own; an endpoint deleted meanwhile keeps nothing.
 */
function recordTestDelivery(ctx: CoreContext, endpointId: number, eventId: string, outcome: PostOutcome): number | null {
  if (!ctx.db.open) return null;
  return ctx.db.transaction(() => {
    const endpoint = ctx.db.prepare('SELECT 1 FROM webhook_endpoints WHERE id = ?').get(endpointId);
    if (!endpoint) return null;
    const status = outcome.error === null ? 'succeeded' : 'failed';
    const deliveryId = Number(
      ctx.db
        .prepare(
          `INSERT INTO webhook_deliveries (endpoint_id, event_id, test_event_id, status, attempts, next_attempt_at, last_status_code, last_error, created_at)
           VALUES (?, NULL, ?, ?, 1, NULL, ?, ?, ?)`,
        )
        .run(endpointId, eventId, status, outcome.statusCode, outcome.error, outcome.startedAt).lastInsertRowid,
    );
    ctx.db
      .prepare('INSERT INTO webhook_attempts (delivery_id, at, status_code, error, duration_ms) VALUES (?, ?, ?, ?, ?)')
      .run(deliveryId, outcome.startedAt, outcome.statusCode, outcome.error, outcome.durationMs);
    return deliveryId;
  })();
}
