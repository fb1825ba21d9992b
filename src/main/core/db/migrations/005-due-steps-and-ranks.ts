import type { Migration } from '../migrate.js';

/**
 * Flat costs as the data grows (issue 12).
 *
 * due_steps: the autopilot's queue. One row per step a subject (an order, a shipping order, a package...)
 * is owed, found by the index on its due time, so the next step costs O(log n) whatever the number of
 * active orders. Purchase and shipping orders feed it by triggers (a row per active status, `since` =
 * updated_at), so no writer can forget it; the due times are filled in by the runner (a delay drawn from
 * a hash of the subject, per pace: autopilot/queue.ts). Other step kinds are scheduled from code with
 * scheduleStep(). Both paces' due times are kept, so changing the pace re-plans nothing.
 *
 * Ranks: lists read a page by position without walking every entry before it. The ledger and the orders
 * never lose rows (only the demo reset empties them), so an entry's 1-based rank among its user's entries
 * (per type, and '' for all types) is fixed when it is written; page p is the rank range below
 * count - (p-1) * limit, and the highest rank is the count (the ledger's counter per user and per type).
 * user_id 0 in order_ranks ranks every user's orders (the back office's list).
 *
 * Counters for the package and shipping lists, like order_counts (migration 003), and the list indexes
 * they walk.
 */
const ORDER_STEP = `CASE new.status WHEN 'pending' THEN 'order.pay' WHEN 'paid' THEN 'order.purchase'
      WHEN 'purchased' THEN 'order.ship_to_warehouse' WHEN 'shipped_to_warehouse' THEN 'order.arrive' END`;
const OLD_ORDER_STEP = ORDER_STEP.replace('new.status', 'old.status');
const SHIPPING_STEP = `CASE new.status WHEN 'pending' THEN 'shipping.dispatch' WHEN 'shipped' THEN 'shipping.auto_confirm' END`;
const OLD_SHIPPING_STEP = SHIPPING_STEP.replace('new.status', 'old.status');

function counted(table: string, counts: string): string {
  return /* sql */ `
CREATE TABLE ${counts} (
  user_id INTEGER NOT NULL,
  status  TEXT NOT NULL,
  n       INTEGER NOT NULL CHECK (n >= 0),
  PRIMARY KEY (user_id, status)
) STRICT, WITHOUT ROWID;
INSERT INTO ${counts} (user_id, status, n) SELECT user_id, status, COUNT(*) FROM ${table} GROUP BY user_id, status;
CREATE TRIGGER ${table}_count_insert AFTER INSERT ON ${table} BEGIN
  INSERT INTO ${counts} (user_id, status, n) VALUES (new.user_id, new.status, 1)
    ON CONFLICT (user_id, status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER ${table}_count_status AFTER UPDATE OF status ON ${table} WHEN old.status <> new.status BEGIN
  UPDATE ${counts} SET n = n - 1 WHERE user_id = old.user_id AND status = old.status;
  INSERT INTO ${counts} (user_id, status, n) VALUES (new.user_id, new.status, 1)
    ON CONFLICT (user_id, status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER ${table}_count_delete AFTER DELETE ON ${table} BEGIN
  UPDATE ${counts} SET n = n - 1 WHERE user_id = old.user_id AND status = old.status;
END;
`;
}

export const dueStepsAndRanks: Migration = {
  version: 5,
  name: 'due steps, list ranks and counters',
  up: /* sql */ `
CREATE TABLE due_steps (
  kind          TEXT NOT NULL,
  subject       TEXT NOT NULL,
  -- when the subject entered the state this step follows (the base of pace-drawn delays)
  since         TEXT NOT NULL,
  -- epoch ms at each pace; NULL until the runner resolves them
  due_realistic INTEGER,
  due_demo      INTEGER,
  PRIMARY KEY (kind, subject)
) STRICT, WITHOUT ROWID;
CREATE INDEX due_steps_realistic ON due_steps(due_realistic, subject, kind);
CREATE INDEX due_steps_demo ON due_steps(due_demo, subject, kind);

INSERT INTO due_steps (kind, subject, since)
  SELECT CASE status WHEN 'pending' THEN 'order.pay' WHEN 'paid' THEN 'order.purchase'
           WHEN 'purchased' THEN 'order.ship_to_warehouse' WHEN 'shipped_to_warehouse' THEN 'order.arrive' END,
         order_no, updated_at
    FROM orders WHERE status IN ('pending', 'paid', 'purchased', 'shipped_to_warehouse');
INSERT INTO due_steps (kind, subject, since)
  SELECT CASE status WHEN 'pending' THEN 'shipping.dispatch' WHEN 'shipped' THEN 'shipping.auto_confirm' END,
         order_no, updated_at
    FROM shipping_orders WHERE status IN ('pending', 'shipped');

CREATE TRIGGER orders_due_insert AFTER INSERT ON orders WHEN ${ORDER_STEP} IS NOT NULL BEGIN
  INSERT OR REPLACE INTO due_steps (kind, subject, since) VALUES (${ORDER_STEP}, new.order_no, new.updated_at);
END;
CREATE TRIGGER orders_due_update AFTER UPDATE OF status, updated_at ON orders BEGIN
  DELETE FROM due_steps WHERE kind = ${OLD_ORDER_STEP} AND subject = old.order_no;
  INSERT OR REPLACE INTO due_steps (kind, subject, since)
    SELECT ${ORDER_STEP}, new.order_no, new.updated_at WHERE ${ORDER_STEP} IS NOT NULL;
END;
CREATE TRIGGER orders_due_delete AFTER DELETE ON orders BEGIN
  DELETE FROM due_steps WHERE kind = ${OLD_ORDER_STEP} AND subject = old.order_no;
END;
CREATE TRIGGER shipping_orders_due_insert AFTER INSERT ON shipping_orders WHEN ${SHIPPING_STEP} IS NOT NULL BEGIN
  INSERT OR REPLACE INTO due_steps (kind, subject, since) VALUES (${SHIPPING_STEP}, new.order_no, new.updated_at);
END;
CREATE TRIGGER shipping_orders_due_update AFTER UPDATE OF status, updated_at ON shipping_orders BEGIN
  DELETE FROM due_steps WHERE kind = ${OLD_SHIPPING_STEP} AND subject = old.order_no;
  INSERT OR REPLACE INTO due_steps (kind, subject, since)
    SELECT ${SHIPPING_STEP}, new.order_no, new.updated_at WHERE ${SHIPPING_STEP} IS NOT NULL;
END;
CREATE TRIGGER shipping_orders_due_delete AFTER DELETE ON shipping_orders BEGIN
  DELETE FROM due_steps WHERE kind = ${OLD_SHIPPING_STEP} AND subject = old.order_no;
END;

CREATE TABLE wallet_entry_ranks (
  user_id  INTEGER NOT NULL,
  -- '' ranks all of the user's entries; a type ranks that type's
  type     TEXT NOT NULL,
  seq      INTEGER NOT NULL,
  entry_id INTEGER NOT NULL,
  PRIMARY KEY (user_id, type, seq)
) STRICT, WITHOUT ROWID;
INSERT INTO wallet_entry_ranks (user_id, type, seq, entry_id)
  SELECT user_id, '', ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY id), id FROM wallet_entries;
INSERT INTO wallet_entry_ranks (user_id, type, seq, entry_id)
  SELECT user_id, type, ROW_NUMBER() OVER (PARTITION BY user_id, type ORDER BY id), id FROM wallet_entries;
CREATE TRIGGER wallet_entries_rank AFTER INSERT ON wallet_entries BEGIN
  INSERT INTO wallet_entry_ranks (user_id, type, seq, entry_id)
    VALUES (new.user_id, '', COALESCE((SELECT MAX(seq) FROM wallet_entry_ranks WHERE user_id = new.user_id AND type = ''), 0) + 1, new.id);
  INSERT INTO wallet_entry_ranks (user_id, type, seq, entry_id)
    VALUES (new.user_id, new.type, COALESCE((SELECT MAX(seq) FROM wallet_entry_ranks WHERE user_id = new.user_id AND type = new.type), 0) + 1, new.id);
END;
CREATE INDEX wallet_entries_user_type ON wallet_entries(user_id, type, id);

CREATE TABLE order_ranks (
  -- 0 ranks every user's orders
  user_id  INTEGER NOT NULL,
  seq      INTEGER NOT NULL,
  order_no TEXT NOT NULL,
  PRIMARY KEY (user_id, seq)
) STRICT, WITHOUT ROWID;
-- Finds an order's ranks for a cursor (startingAfter); only the demo reset deletes orders (all of them).
CREATE INDEX order_ranks_order ON order_ranks(order_no);
INSERT INTO order_ranks (user_id, seq, order_no)
  SELECT user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY created_at, rowid), order_no FROM orders;
INSERT INTO order_ranks (user_id, seq, order_no)
  SELECT 0, ROW_NUMBER() OVER (ORDER BY created_at, rowid), order_no FROM orders;
CREATE TRIGGER orders_rank_insert AFTER INSERT ON orders BEGIN
  INSERT INTO order_ranks (user_id, seq, order_no)
    VALUES (new.user_id, COALESCE((SELECT MAX(seq) FROM order_ranks WHERE user_id = new.user_id), 0) + 1, new.order_no);
  INSERT INTO order_ranks (user_id, seq, order_no)
    VALUES (0, COALESCE((SELECT MAX(seq) FROM order_ranks WHERE user_id = 0), 0) + 1, new.order_no);
END;
CREATE TRIGGER orders_rank_delete AFTER DELETE ON orders BEGIN
  DELETE FROM order_ranks WHERE order_no = old.order_no;
END;
${counted('packages', 'package_counts')}
CREATE INDEX packages_user_arrived ON packages(user_id, arrived_at, id);
CREATE INDEX packages_user_status_arrived ON packages(user_id, status, arrived_at, id);
${counted('shipping_orders', 'shipping_order_counts')}
CREATE INDEX shipping_orders_user_created ON shipping_orders(user_id, created_at);
CREATE INDEX shipping_orders_user_status_created ON shipping_orders(user_id, status, created_at);
`,
};
