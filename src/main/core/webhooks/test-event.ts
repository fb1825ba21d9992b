import { randomBytes } from 'node:crypto';
import type { WebhookTestResult } from '../../../contract/admin/webhooks.js';
import type { CoreContext } from '../context.js';
import { notFound } from '../shared/errors.js';
import { readSetting } from '../settings/settings.js';
import { postSigned, type Fetcher } from './dispatcher.js';

/** The type of a test event: not a service event (never on the event log, the stream or a delivery). */
export const TEST_EVENT_TYPE = 'webhook.test';

/**
 * Sends one signed test event to an endpoint now, whatever events it subscribes to and whether it is
 * active, under the dispatcher's rules (loopback unless remote webhooks are allowed, no redirects), and
 * answers what came of it, so an operator can check the URL and their signature check before real events.
 */
export async function sendTestEvent(ctx: CoreContext, endpointId: number, fetcher: Fetcher = fetch): Promise<WebhookTestResult> {
  const endpoint = ctx.db.prepare('SELECT url, secret FROM webhook_endpoints WHERE id = ?').get(endpointId) as { url: string; secret: string } | undefined;
  if (!endpoint) throw notFound(`Webhook endpoint ${endpointId} not found`);
  const eventId = `evt_test_${randomBytes(8).toString('hex')}`;
  const createdAt = ctx.nowIso();
  const body = JSON.stringify({ id: eventId, type: TEST_EVENT_TYPE, createdAt, data: { endpointId, message: 'A test event sent from crossbuy' } });
  const allowRemote = readSetting(ctx.db, 'webhooksAllowRemote') === 'yes';
  const outcome = await postSigned(endpoint, { eventId, eventType: TEST_EVENT_TYPE }, body, fetcher, allowRemote);
  return {
    eventId,
    eventType: TEST_EVENT_TYPE,
    succeeded: outcome.error === null,
    statusCode: outcome.statusCode,
    error: outcome.error,
    at: outcome.startedAt,
    durationMs: outcome.durationMs,
  };
}
