import type { Migration } from '../migrate.js';

/**
 * The back office's queue of returns and exchanges awaiting the seller's decision (GET /admin/returns/pending):
 * a partial index of the requested ones by id, so a page is one index seek whatever the history, and their
 * count kept by triggers (`order_return_counts`, per status), so the list's total reads one row.
 */
export const pendingReturns: Migration = {
  version: 15,
  name: 'pending returns queue',
  up: /* sql */ `
CREATE INDEX order_returns_requested ON order_returns(id) WHERE status = 'requested';

CREATE TABLE order_return_counts (
  status TEXT PRIMARY KEY,
  n      INTEGER NOT NULL
) STRICT;
INSERT INTO order_return_counts (status, n) SELECT status, COUNT(*) FROM order_returns GROUP BY status;
CREATE TRIGGER order_returns_count_insert AFTER INSERT ON order_returns BEGIN
  INSERT INTO order_return_counts (status, n) VALUES (new.status, 1) ON CONFLICT (status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER order_returns_count_status AFTER UPDATE OF status ON order_returns WHEN old.status <> new.status BEGIN
  UPDATE order_return_counts SET n = n - 1 WHERE status = old.status;
  INSERT INTO order_return_counts (status, n) VALUES (new.status, 1) ON CONFLICT (status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER order_returns_count_delete AFTER DELETE ON order_returns BEGIN
  UPDATE order_return_counts SET n = n - 1 WHERE status = old.status;
END;
`,
};
