import type { Migration } from '../migrate.js';

/**
 * An endpoint's delivery history pages in one index seek at any depth, and its total reads one row:
 * - `seq` numbers each endpoint's deliveries from 1 in the order they were made (as order_ranks number a
 *   user's orders, migration 005): page p of the newest-first list is the seq range just below the top,
 *   found in the (endpoint_id, seq) index, and a cursor is its delivery's seq;
 * - `webhook_delivery_counts` keeps each endpoint's number of deliveries (as order_counts, migration 003).
 * Both are kept by triggers, so every writer (the dispatcher, test events, an endpoint's deletion, the demo
 * reset) keeps them true without knowing. Deliveries are only ever deleted with their endpoint (or all at
 * once), so the seqs stay dense; the next seq is still taken past the highest, never reused.
 * test/unit/db/upgrade-v16-v17.test.ts upgrades a filled v16 database.
 */
export const webhookDeliveryCounts: Migration = {
  version: 17,
  name: 'webhook delivery counts',
  up: /* sql */ `
ALTER TABLE webhook_deliveries ADD COLUMN seq INTEGER;
UPDATE webhook_deliveries SET seq = ranked.seq
  FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY endpoint_id ORDER BY id) AS seq FROM webhook_deliveries) AS ranked
 WHERE ranked.id = webhook_deliveries.id;
CREATE INDEX webhook_deliveries_seq ON webhook_deliveries(endpoint_id, seq);

CREATE TABLE webhook_delivery_counts (
  endpoint_id INTEGER PRIMARY KEY,
  n           INTEGER NOT NULL
) STRICT;
INSERT INTO webhook_delivery_counts (endpoint_id, n) SELECT endpoint_id, COUNT(*) FROM webhook_deliveries GROUP BY endpoint_id;

CREATE TRIGGER webhook_deliveries_count_insert AFTER INSERT ON webhook_deliveries BEGIN
  INSERT INTO webhook_delivery_counts (endpoint_id, n) VALUES (new.endpoint_id, 1) ON CONFLICT (endpoint_id) DO UPDATE SET n = n + 1;
  UPDATE webhook_deliveries
     SET seq = 1 + COALESCE((SELECT MAX(seq) FROM webhook_deliveries WHERE endpoint_id = new.endpoint_id), 0)
   WHERE id = new.id;
END;
CREATE TRIGGER webhook_deliveries_count_delete AFTER DELETE ON webhook_deliveries BEGIN
  UPDATE webhook_delivery_counts SET n = n - 1 WHERE endpoint_id = old.endpoint_id;
END;
CREATE TRIGGER webhook_endpoints_count_delete AFTER DELETE ON webhook_endpoints BEGIN
  DELETE FROM webhook_delivery_counts WHERE endpoint_id = old.id;
END;
`,
};
