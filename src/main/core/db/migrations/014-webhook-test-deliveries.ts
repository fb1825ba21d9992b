import type { Migration } from '../migrate.js';

/**
 * A test event sent on demand (POST /admin/webhooks/:id/test) is recorded as a delivery of its own, with
 * its one attempt, so an endpoint's delivery history shows it beside the service events. A test event is
 * not in the event log: `event_id` becomes nullable and `test_event_id` (evt_test_...) names it instead;
 * exactly one of the two is set.
 *
 * SQLite cannot drop a NOT NULL in place, so webhook_deliveries is rebuilt (as migration 008 rebuilds its
 * tables, foreign keys deferred). Dropping it would cascade-delete its attempts, so both tables are copied
 * aside, attempts dropped first, and both refilled with their ids and AUTOINCREMENT positions.
 * test/unit/db/upgrade-v13-v14.test.ts upgrades a filled v13 database.
 */
export const webhookTestDeliveries: Migration = {
  version: 14,
  name: 'webhook test deliveries',
  up: /* sql */ `
PRAGMA defer_foreign_keys = ON;
CREATE TEMP TABLE sequences_v13 AS SELECT name, seq FROM sqlite_sequence WHERE name IN ('webhook_deliveries', 'webhook_attempts');
CREATE TEMP TABLE webhook_deliveries_v13 AS SELECT * FROM webhook_deliveries;
CREATE TEMP TABLE webhook_attempts_v13 AS SELECT * FROM webhook_attempts;
DROP TABLE webhook_attempts;
DROP TABLE webhook_deliveries;

CREATE TABLE webhook_deliveries (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  endpoint_id      INTEGER NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id         INTEGER REFERENCES events(id),
  status           TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  -- wall time: retries are real network waits, not service-clock time
  next_attempt_at  TEXT,
  last_status_code INTEGER,
  last_error       TEXT,
  created_at       TEXT NOT NULL,
  -- a webhook.test sent on demand (not in the event log): its evt_test_... id
  test_event_id    TEXT,
  CHECK ((event_id IS NULL) <> (test_event_id IS NULL)),
  UNIQUE (endpoint_id, event_id)
) STRICT;
INSERT INTO webhook_deliveries (id, endpoint_id, event_id, status, attempts, next_attempt_at, last_status_code, last_error, created_at)
  SELECT id, endpoint_id, event_id, status, attempts, next_attempt_at, last_status_code, last_error, created_at FROM temp.webhook_deliveries_v13;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, next_attempt_at);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(endpoint_id, id);

CREATE TABLE webhook_attempts (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  at          TEXT NOT NULL,
  status_code INTEGER,
  error       TEXT,
  duration_ms INTEGER NOT NULL
) STRICT;
INSERT INTO webhook_attempts SELECT * FROM temp.webhook_attempts_v13;
CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id, id);

DROP TABLE temp.webhook_deliveries_v13;
DROP TABLE temp.webhook_attempts_v13;
-- Ids are never handed out twice: the counters come back even past rows deleted with their endpoint.
INSERT INTO sqlite_sequence (name, seq) SELECT name, seq FROM temp.sequences_v13 s WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence q WHERE q.name = s.name);
UPDATE sqlite_sequence SET seq = (SELECT s.seq FROM temp.sequences_v13 s WHERE s.name = sqlite_sequence.name)
  WHERE seq < (SELECT s.seq FROM temp.sequences_v13 s WHERE s.name = sqlite_sequence.name);
DROP TABLE temp.sequences_v13;
`,
};
