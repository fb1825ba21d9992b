import type { Migration } from '../migrate.js';

/**
 * API v1.1 sections 1-3 and the order half of 8 (issue 15): mixed orders, supplementary payments,
 * inspection decisions (photo requests, returns, exchanges), order scenarios.
 *
 * The order status CHECK gains `returned`. SQLite cannot change a CHECK in place, so `orders` is rebuilt
 * (same columns, same order) and its indexes and triggers (counters of migration 003, due steps and ranks
 * of 005; test/unit/db/kept-by-triggers.test.ts names them) are created again. Foreign keys are deferred,
 * and the rows go aside and come back (not a rename of a new table): dropping `orders` counts a violation
 * for every child row, and only re-inserting the parents under that name takes those counts back.
 *
 * Items gain their seller (platform, shop) and the marketplace order number of their seller group; a
 * replacement line (an exchange) is a row of its own pointing at the line it replaces, so the replacement
 * gets a package of its own (packages.order_item_id is unique) and never counts in the order's items.
 */
const ORDER_STEP = `CASE new.status WHEN 'pending' THEN 'order.pay' WHEN 'paid' THEN 'order.purchase'
      WHEN 'purchased' THEN 'order.ship_to_warehouse' WHEN 'shipped_to_warehouse' THEN 'order.arrive' END`;
const OLD_ORDER_STEP = ORDER_STEP.replace('new.status', 'old.status');

export const afterSales: Migration = {
  version: 7,
  name: 'after-sales: mixed orders, supplements, returns, order scenarios',
  up: /* sql */ `
PRAGMA defer_foreign_keys = ON;

CREATE TEMP TABLE orders_v6 AS SELECT * FROM orders;
DROP TABLE orders;
CREATE TABLE orders (
  order_no             TEXT PRIMARY KEY,
  user_id              INTEGER NOT NULL REFERENCES users(id),
  status               TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'purchased', 'shipped_to_warehouse',
                         'in_warehouse', 'completed', 'cancelled', 'refunded', 'returned')),
  platform             TEXT NOT NULL,
  currency             TEXT NOT NULL,
  subtotal_minor       INTEGER NOT NULL CHECK (subtotal_minor >= 0),
  discount_minor       INTEGER NOT NULL DEFAULT 0 CHECK (discount_minor >= 0),
  service_fee_minor    INTEGER NOT NULL CHECK (service_fee_minor >= 0),
  total_minor          INTEGER NOT NULL CHECK (total_minor >= 0),
  coupon_id            INTEGER REFERENCES coupons(id),
  remark               TEXT NOT NULL DEFAULT '',
  marketplace_order_no TEXT,
  carrier              TEXT,
  tracking_no          TEXT,
  inspection_result    TEXT CHECK (inspection_result IN ('passed', 'issue_found', 'pending')),
  inspection_weight_g  INTEGER,
  inspection_notes     TEXT,
  inspection_photos    TEXT NOT NULL DEFAULT '[]',
  inspected_at         TEXT,
  cancel_reason        TEXT,
  created_at           TEXT NOT NULL,
  updated_at           TEXT NOT NULL,
  CHECK (total_minor = subtotal_minor - discount_minor + service_fee_minor)
) STRICT;
INSERT INTO orders SELECT * FROM temp.orders_v6;
DROP TABLE temp.orders_v6;
CREATE INDEX orders_user_created ON orders(user_id, created_at);
CREATE INDEX orders_user_status_created ON orders(user_id, status, created_at);
CREATE INDEX orders_status_created ON orders(status, created_at);
CREATE INDEX orders_created ON orders(created_at);
CREATE TRIGGER orders_count_insert AFTER INSERT ON orders BEGIN
  INSERT INTO order_counts (user_id, status, n) VALUES (new.user_id, new.status, 1)
    ON CONFLICT (user_id, status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER orders_count_status AFTER UPDATE OF status ON orders WHEN old.status <> new.status BEGIN
  UPDATE order_counts SET n = n - 1 WHERE user_id = old.user_id AND status = old.status;
  INSERT INTO order_counts (user_id, status, n) VALUES (new.user_id, new.status, 1)
    ON CONFLICT (user_id, status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER orders_count_delete AFTER DELETE ON orders BEGIN
  UPDATE order_counts SET n = n - 1 WHERE user_id = old.user_id AND status = old.status;
END;
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
CREATE TRIGGER orders_rank_insert AFTER INSERT ON orders BEGIN
  INSERT INTO order_ranks (user_id, seq, order_no)
    VALUES (new.user_id, COALESCE((SELECT MAX(seq) FROM order_ranks WHERE user_id = new.user_id), 0) + 1, new.order_no);
  INSERT INTO order_ranks (user_id, seq, order_no)
    VALUES (0, COALESCE((SELECT MAX(seq) FROM order_ranks WHERE user_id = 0), 0) + 1, new.order_no);
END;
CREATE TRIGGER orders_rank_delete AFTER DELETE ON orders BEGIN
  DELETE FROM order_ranks WHERE order_no = old.order_no;
END;

-- Package statuses (returning, returned) and ledger types (supplement_payment, service_charge) are in the
-- CHECKs migration 008 rebuilds with every section 9 value.

-- Scenarios programmed for the order (JSON list of names, fired at their step), when it arrived, and
-- the end of the decision window after arrival.
ALTER TABLE orders ADD COLUMN scenarios TEXT NOT NULL DEFAULT '[]';
ALTER TABLE orders ADD COLUMN arrived_at TEXT;
ALTER TABLE orders ADD COLUMN decision_deadline TEXT;
-- Refunded at once for price decreases (kept so doctor can account for every order_refund).
ALTER TABLE orders ADD COLUMN price_refunds_minor INTEGER NOT NULL DEFAULT 0 CHECK (price_refunds_minor >= 0);

ALTER TABLE order_items ADD COLUMN platform TEXT NOT NULL DEFAULT '';
ALTER TABLE order_items ADD COLUMN shop_name TEXT NOT NULL DEFAULT '';
ALTER TABLE order_items ADD COLUMN marketplace_order_no TEXT;
ALTER TABLE order_items ADD COLUMN replaces_item_id INTEGER REFERENCES order_items(id);
-- The inspection's finding on this line (qc_issue scenario, or staff); NULL: the order's result holds.
ALTER TABLE order_items ADD COLUMN qc_issue TEXT;
UPDATE order_items SET platform = p.platform, shop_name = p.shop_name FROM products p WHERE p.id = order_items.product_id;
UPDATE order_items SET marketplace_order_no = (SELECT marketplace_order_no FROM orders o WHERE o.order_no = order_items.order_no);
UPDATE orders SET arrived_at = inspected_at WHERE inspected_at IS NOT NULL;

CREATE TABLE order_supplements (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  order_no     TEXT NOT NULL REFERENCES orders(order_no),
  user_id      INTEGER NOT NULL REFERENCES users(id),
  item_id      INTEGER REFERENCES order_items(id),
  reason       TEXT NOT NULL CHECK (reason IN ('price_increase', 'domestic_freight')),
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  status       TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'declined', 'expired')),
  created_at   TEXT NOT NULL,
  expires_at   TEXT NOT NULL,
  resolved_at  TEXT
) STRICT;
CREATE INDEX order_supplements_order ON order_supplements(order_no, id);

CREATE TABLE order_returns (
  id                  INTEGER PRIMARY KEY AUTOINCREMENT,
  order_no            TEXT NOT NULL REFERENCES orders(order_no),
  user_id             INTEGER NOT NULL REFERENCES users(id),
  item_id             INTEGER NOT NULL REFERENCES order_items(id),
  package_id          INTEGER NOT NULL,
  type                TEXT NOT NULL CHECK (type IN ('return', 'exchange')),
  status              TEXT NOT NULL CHECK (status IN ('requested', 'approved', 'rejected')),
  reason              TEXT NOT NULL,
  fee_minor           INTEGER NOT NULL CHECK (fee_minor >= 0),
  refund_minor        INTEGER NOT NULL DEFAULT 0 CHECK (refund_minor >= 0),
  created_at          TEXT NOT NULL,
  resolved_at         TEXT
) STRICT;
CREATE INDEX order_returns_order ON order_returns(order_no, id);
-- One open request per package at a time.
CREATE UNIQUE INDEX order_returns_open ON order_returns(package_id) WHERE status = 'requested';

CREATE TABLE order_photo_requests (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  order_no     TEXT NOT NULL REFERENCES orders(order_no),
  user_id      INTEGER NOT NULL REFERENCES users(id),
  count        INTEGER NOT NULL CHECK (count BETWEEN 1 AND 10),
  note         TEXT NOT NULL DEFAULT '',
  price_minor  INTEGER NOT NULL CHECK (price_minor >= 0),
  status       TEXT NOT NULL CHECK (status IN ('requested', 'done')),
  photos       TEXT NOT NULL DEFAULT '[]',
  created_at   TEXT NOT NULL,
  done_at      TEXT
) STRICT;
CREATE INDEX order_photo_requests_order ON order_photo_requests(order_no, id);
`,
};
