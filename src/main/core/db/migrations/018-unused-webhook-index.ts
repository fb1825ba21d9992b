import type { Migration } from '../migrate.js';

/**
 * webhook_deliveries_endpoint (endpoint_id, id), made by migration 014 for the deliveries list, is read by
 * nothing since migration 017 pages that list by (endpoint_id, seq), which also serves the deletion of an
 * endpoint's deliveries. Each delivery queued for each event wrote it for nothing.
 */
export const unusedWebhookIndex: Migration = {
  version: 18,
  name: 'unused webhook index',
  up: /* sql */ `
DROP INDEX IF EXISTS webhook_deliveries_endpoint;
`,
};
