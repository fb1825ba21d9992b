import type { Migration } from '../migrate.js';

/**
 * The event log (every state change and ledger entry, for SSE resume, IPC pushes and webhooks) and the
 * webhook endpoints with every delivery attempt recorded.
 */
export const events: Migration = {
  version: 2,
  name: 'events',
  up: /* sql */ `
CREATE TABLE events (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  type       TEXT NOT NULL,
  user_id    INTEGER NOT NULL REFERENCES users(id),
  data       TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX events_user ON events(user_id, id);

CREATE TABLE webhook_endpoints (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  url         TEXT NOT NULL,
  -- JSON array of event types, or ["*"] for all
  events      TEXT NOT NULL,
  -- kept in clear: the service must sign with it (as Stripe keeps endpoint secrets)
  secret      TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  active      INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at  TEXT NOT NULL
) STRICT;

CREATE TABLE webhook_deliveries (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  endpoint_id      INTEGER NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id         INTEGER NOT NULL REFERENCES events(id),
  status           TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  -- wall time: retries are real network waits, not service-clock time
  next_attempt_at  TEXT,
  last_status_code INTEGER,
  last_error       TEXT,
  created_at       TEXT NOT NULL,
  UNIQUE (endpoint_id, event_id)
) STRICT;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, next_attempt_at);

CREATE TABLE webhook_attempts (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  at          TEXT NOT NULL,
  status_code INTEGER,
  error       TEXT,
  duration_ms INTEGER NOT NULL
) STRICT;
CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id, id);
`,
};
