import type { Migration } from '../migrate.js';

/**
 * The top-up lists page by cursor at a flat cost (extensions.md section 12, "cursor paging"; the project's
 * rule: a list request is O(log n) whatever the history). `wallet_top_up_counts` keeps each user's count
 * per status, and user 0's row every user's (the back office's list), exact by triggers as
 * `order_counts` (migration 003): no request counts top-ups. The (user, status, id) and (status, id)
 * indexes let a status-filtered page seek to its cursor as the unfiltered ones do on (user, id) and the
 * primary key.
 */
const BUMP = (user: string, status: string, delta: string) => /* sql */ `
  INSERT INTO wallet_top_up_counts (user_id, status, n) VALUES (${user}, ${status}, ${delta})
    ON CONFLICT (user_id, status) DO UPDATE SET n = n + (${delta});`;

export const topUpList: Migration = {
  version: 30,
  name: 'top-up list counts and indexes',
  up: /* sql */ `
CREATE TABLE wallet_top_up_counts (
  user_id INTEGER NOT NULL,
  status  TEXT NOT NULL,
  n       INTEGER NOT NULL CHECK (n >= 0),
  PRIMARY KEY (user_id, status)
) STRICT, WITHOUT ROWID;
INSERT INTO wallet_top_up_counts (user_id, status, n)
  SELECT user_id, status, COUNT(*) FROM wallet_top_ups GROUP BY user_id, status
  UNION ALL SELECT 0, status, COUNT(*) FROM wallet_top_ups GROUP BY status;
CREATE TRIGGER wallet_top_ups_count_insert AFTER INSERT ON wallet_top_ups BEGIN${BUMP('new.user_id', 'new.status', '1')}${BUMP('0', 'new.status', '1')}
END;
CREATE TRIGGER wallet_top_ups_count_status AFTER UPDATE OF status ON wallet_top_ups WHEN old.status <> new.status BEGIN
  UPDATE wallet_top_up_counts SET n = n - 1 WHERE user_id IN (old.user_id, 0) AND status = old.status;${BUMP('new.user_id', 'new.status', '1')}${BUMP('0', 'new.status', '1')}
END;
CREATE TRIGGER wallet_top_ups_count_delete AFTER DELETE ON wallet_top_ups BEGIN
  UPDATE wallet_top_up_counts SET n = n - 1 WHERE user_id IN (old.user_id, 0) AND status = old.status;
END;
CREATE INDEX wallet_top_ups_user_status ON wallet_top_ups(user_id, status, id);
CREATE INDEX wallet_top_ups_status ON wallet_top_ups(status, id);
-- the back office's pending list now seeks (status, id); nothing else read this one
DROP INDEX wallet_top_ups_pending;
`,
};
