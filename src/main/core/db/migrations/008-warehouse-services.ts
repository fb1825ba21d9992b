import type { Migration } from '../migrate.js';

/**
 * API v1.1 sections 4-7 (issue 16): warehouse services, rehearsal packing, declared value and insurance,
 * duties data, storage fees, international exceptions.
 *
 * The status and ledger-type CHECKs gain every value of extensions.md section 9 at once (also the ones the
 * after-sales work uses: returning/returned packages, supplement_payment), so no later migration has to
 * rebuild these tables again. SQLite cannot change a CHECK in place: each table is rebuilt (same columns,
 * same order) and its indexes and triggers (counters, due steps, ranks, append-only guards) are created
 * again; test/unit/db/kept-by-triggers.test.ts names them. Foreign keys stay on (a migration runs in a
 * transaction, where they cannot be turned off) and are deferred: the rows are copied aside, the table is
 * dropped (its children are orphans for a moment), created again with the new CHECK and refilled, which
 * gives every child its parent back before commit. AUTOINCREMENT counters are kept.
 * test/unit/db/upgrade-v8.test.ts upgrades a filled v5 database.
 *
 * Figures (storage, insurance, rehearsal fee, scenario rates) live in `warehouse_figures` (operator
 * data, admin route), duty data on `countries`, the declared-value cap on `channels`.
 */
const PACKAGE_STATUSES = `'in_warehouse', 'packing', 'shipped', 'delivered', 'returning', 'returned', 'rehearsing', 'disposed', 'lost'`;
const SHIPPING_STATUSES = `'pending', 'shipped', 'delivered', 'cancelled', 'exception', 'lost'`;
const ENTRY_TYPES = `'deposit', 'order_payment', 'order_refund', 'shipping_payment', 'shipping_refund', 'adjustment',
                        'supplement_payment', 'service_charge', 'insurance_payout'`;

const SHIPPING_STEP = `CASE new.status WHEN 'pending' THEN 'shipping.dispatch' WHEN 'shipped' THEN 'shipping.auto_confirm' END`;
const OLD_SHIPPING_STEP = SHIPPING_STEP.replace('new.status', 'old.status');

function counters(table: string, counts: string): string {
  return /* sql */ `
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
END;`;
}

export const warehouseServices: Migration = {
  version: 8,
  name: 'warehouse services, rehearsals, insurance, storage, exceptions',
  up: /* sql */ `
PRAGMA defer_foreign_keys = ON;
CREATE TEMP TABLE sequences_v7 AS SELECT name, seq FROM sqlite_sequence WHERE name IN ('packages', 'wallet_entries');

CREATE TEMP TABLE packages_v7 AS SELECT * FROM packages;
DROP TABLE packages;
CREATE TABLE packages (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id           INTEGER NOT NULL REFERENCES users(id),
  order_no          TEXT NOT NULL REFERENCES orders(order_no),
  order_item_id     INTEGER NOT NULL UNIQUE REFERENCES order_items(id),
  product_name      TEXT NOT NULL,
  quantity          INTEGER NOT NULL,
  weight_g          INTEGER NOT NULL,
  cargo_type        TEXT NOT NULL,
  status            TEXT NOT NULL CHECK (status IN (${PACKAGE_STATUSES})),
  photos            TEXT NOT NULL DEFAULT '[]',
  shipping_order_no TEXT,
  arrived_at        TEXT NOT NULL
) STRICT;
INSERT INTO packages SELECT * FROM temp.packages_v7;
DROP TABLE temp.packages_v7;
CREATE INDEX packages_user_status ON packages(user_id, status, id);
CREATE INDEX packages_user_arrived ON packages(user_id, arrived_at, id);
CREATE INDEX packages_user_status_arrived ON packages(user_id, status, arrived_at, id);
${counters('packages', 'package_counts')}

CREATE TEMP TABLE shipping_orders_v7 AS SELECT * FROM shipping_orders;
DROP TABLE shipping_orders;
CREATE TABLE shipping_orders (
  order_no           TEXT PRIMARY KEY,
  user_id            INTEGER NOT NULL REFERENCES users(id),
  status             TEXT NOT NULL CHECK (status IN (${SHIPPING_STATUSES})),
  channel_id         TEXT NOT NULL REFERENCES channels(channel_id),
  channel_name       TEXT NOT NULL,
  total_weight_g     INTEGER NOT NULL,
  shipping_fee_minor INTEGER NOT NULL,
  currency           TEXT NOT NULL,
  tracking_no        TEXT NOT NULL DEFAULT '',
  recipient          TEXT NOT NULL,
  remark             TEXT NOT NULL DEFAULT '',
  created_at         TEXT NOT NULL,
  updated_at         TEXT NOT NULL,
  shipped_at         TEXT,
  delivered_at       TEXT
) STRICT;
INSERT INTO shipping_orders SELECT * FROM temp.shipping_orders_v7;
DROP TABLE temp.shipping_orders_v7;
CREATE INDEX shipping_orders_user ON shipping_orders(user_id, created_at DESC);
CREATE INDEX shipping_orders_user_created ON shipping_orders(user_id, created_at);
CREATE INDEX shipping_orders_user_status_created ON shipping_orders(user_id, status, created_at);
${counters('shipping_orders', 'shipping_order_counts')}
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

CREATE TEMP TABLE wallet_entries_v7 AS SELECT * FROM wallet_entries;
DROP TABLE wallet_entries;
CREATE TABLE wallet_entries (
  id                  INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id             INTEGER NOT NULL REFERENCES users(id),
  type                TEXT NOT NULL CHECK (type IN (${ENTRY_TYPES})),
  amount_minor        INTEGER NOT NULL CHECK (amount_minor <> 0),
  balance_after_minor INTEGER NOT NULL,
  currency            TEXT NOT NULL,
  reference           TEXT NOT NULL DEFAULT '',
  description         TEXT NOT NULL DEFAULT '',
  created_at          TEXT NOT NULL
) STRICT;
INSERT INTO wallet_entries SELECT * FROM temp.wallet_entries_v7;
DROP TABLE temp.wallet_entries_v7;
CREATE INDEX wallet_entries_user ON wallet_entries(user_id, id);
CREATE INDEX wallet_entries_reference ON wallet_entries(reference);
CREATE INDEX wallet_entries_user_type ON wallet_entries(user_id, type, id);
CREATE TRIGGER wallet_entries_no_update BEFORE UPDATE ON wallet_entries BEGIN
  SELECT RAISE(ABORT, 'wallet entries are append-only');
END;
CREATE TRIGGER wallet_entries_no_delete BEFORE DELETE ON wallet_entries BEGIN
  SELECT RAISE(ABORT, 'wallet entries are append-only');
END;
CREATE TRIGGER wallet_entries_rank AFTER INSERT ON wallet_entries BEGIN
  INSERT INTO wallet_entry_ranks (user_id, type, seq, entry_id)
    VALUES (new.user_id, '', COALESCE((SELECT MAX(seq) FROM wallet_entry_ranks WHERE user_id = new.user_id AND type = ''), 0) + 1, new.id);
  INSERT INTO wallet_entry_ranks (user_id, type, seq, entry_id)
    VALUES (new.user_id, new.type, COALESCE((SELECT MAX(seq) FROM wallet_entry_ranks WHERE user_id = new.user_id AND type = new.type), 0) + 1, new.id);
END;

UPDATE sqlite_sequence SET seq = (SELECT s.seq FROM temp.sequences_v7 s WHERE s.name = sqlite_sequence.name)
  WHERE seq < (SELECT s.seq FROM temp.sequences_v7 s WHERE s.name = sqlite_sequence.name);
DROP TABLE temp.sequences_v7;

-- New shipping-order facts (v1.1 section 5-7). Money in minor units; scenarios a JSON list of names.
ALTER TABLE shipping_orders ADD COLUMN declared_value_minor INTEGER NOT NULL DEFAULT 0;
ALTER TABLE shipping_orders ADD COLUMN insurance INTEGER NOT NULL DEFAULT 0 CHECK (insurance IN (0, 1));
ALTER TABLE shipping_orders ADD COLUMN insurance_premium_minor INTEGER NOT NULL DEFAULT 0 CHECK (insurance_premium_minor >= 0);
ALTER TABLE shipping_orders ADD COLUMN storage_fees_minor INTEGER NOT NULL DEFAULT 0 CHECK (storage_fees_minor >= 0);
ALTER TABLE shipping_orders ADD COLUMN estimated_duties_minor INTEGER NOT NULL DEFAULT 0;
ALTER TABLE shipping_orders ADD COLUMN rehearsal_id TEXT;
ALTER TABLE shipping_orders ADD COLUMN scenarios TEXT NOT NULL DEFAULT '[]';
ALTER TABLE shipping_orders ADD COLUMN exception_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE shipping_orders ADD COLUMN payout_minor INTEGER NOT NULL DEFAULT 0 CHECK (payout_minor >= 0);
ALTER TABLE shipping_orders ADD COLUMN dimensions TEXT;

-- Duty data per destination (informational estimates): de minimis in minor units, rate in basis points.
ALTER TABLE countries ADD COLUMN de_minimis_minor INTEGER NOT NULL DEFAULT 0 CHECK (de_minimis_minor >= 0);
ALTER TABLE countries ADD COLUMN duty_rate_bp INTEGER NOT NULL DEFAULT 0 CHECK (duty_rate_bp BETWEEN 0 AND 10000);
-- The most a channel's carrier accepts as declared value; NULL: no cap.
ALTER TABLE channels ADD COLUMN max_declared_value_minor INTEGER CHECK (max_declared_value_minor > 0);

CREATE TABLE warehouse_services (
  service_id     TEXT PRIMARY KEY,
  name           TEXT NOT NULL,
  description    TEXT NOT NULL,
  price_minor    INTEGER NOT NULL CHECK (price_minor >= 0),
  unit           TEXT NOT NULL CHECK (unit IN ('package', 'photo')),
  -- applied to the package when the service is done
  weight_delta_g INTEGER NOT NULL DEFAULT 0,
  weight_bp      INTEGER NOT NULL DEFAULT 10000 CHECK (weight_bp BETWEEN 1 AND 20000),
  -- applied to the package's volume when it is packed
  volume_bp      INTEGER NOT NULL DEFAULT 10000 CHECK (volume_bp BETWEEN 1 AND 20000),
  active         INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  position       INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE TABLE package_services (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  package_id   INTEGER NOT NULL REFERENCES packages(id),
  user_id      INTEGER NOT NULL REFERENCES users(id),
  service_id   TEXT NOT NULL REFERENCES warehouse_services(service_id),
  status       TEXT NOT NULL CHECK (status IN ('pending', 'done')),
  price_minor  INTEGER NOT NULL CHECK (price_minor >= 0),
  photo_count  INTEGER NOT NULL DEFAULT 0 CHECK (photo_count >= 0),
  requested_at TEXT NOT NULL,
  done_at      TEXT
) STRICT;
CREATE INDEX package_services_package ON package_services(package_id, id);
CREATE INDEX package_services_status ON package_services(status, id);

CREATE TABLE rehearsals (
  id              TEXT PRIMARY KEY,
  user_id         INTEGER NOT NULL REFERENCES users(id),
  status          TEXT NOT NULL CHECK (status IN ('requested', 'packed', 'used', 'cancelled')),
  inventory_ids   TEXT NOT NULL,
  fee_minor       INTEGER NOT NULL CHECK (fee_minor >= 0),
  packed_weight_g INTEGER,
  length_cm       INTEGER,
  width_cm        INTEGER,
  height_cm       INTEGER,
  photos          TEXT NOT NULL DEFAULT '[]',
  created_at      TEXT NOT NULL,
  packed_at       TEXT
) STRICT;
CREATE INDEX rehearsals_user_created ON rehearsals(user_id, created_at, id);

-- A package's open rehearsal (one at a time): found by package without reading every rehearsal.
CREATE TABLE rehearsal_packages (
  rehearsal_id TEXT NOT NULL REFERENCES rehearsals(id),
  package_id   INTEGER NOT NULL REFERENCES packages(id),
  PRIMARY KEY (rehearsal_id, package_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX rehearsal_packages_package ON rehearsal_packages(package_id);

CREATE TABLE warehouse_figures (
  key   TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) STRICT;

-- The seeded service catalog (extensions.md section 4); the operator edits it afterwards.
INSERT INTO warehouse_services (service_id, name, description, price_minor, unit, weight_delta_g, weight_bp, volume_bp, active, position) VALUES
  ('photos', 'Extra photos', 'More photos of the goods, from the angles you ask for', 200, 'photo', 0, 10000, 10000, 1, 1),
  ('reinforce', 'Reinforcement', 'Corner guards and extra tape for fragile goods (+200 g)', 800, 'package', 200, 10000, 10000, 1, 2),
  ('vacuum', 'Vacuum packing', 'Soft goods vacuum-sealed: 30% less volume when packed', 1200, 'package', 0, 10000, 7000, 1, 3),
  ('remove_packaging', 'Remove packaging', 'Shoe boxes and retail packaging removed (-10% weight)', 0, 'package', 0, 9000, 10000, 1, 4),
  ('moisture_barrier', 'Moisture barrier', 'Sealed bag with desiccant (+50 g)', 500, 'package', 50, 10000, 10000, 1, 5);

-- Duty data of the countries an older install already has (a fresh install seeds them with the country).
UPDATE countries SET de_minimis_minor = 0, duty_rate_bp = 1500 WHERE code = 'US';
UPDATE countries SET de_minimis_minor = 10500, duty_rate_bp = 1300 WHERE code = 'CA';
UPDATE countries SET de_minimis_minor = 36000, duty_rate_bp = 1900 WHERE code = 'MX';
UPDATE countries SET de_minimis_minor = 0, duty_rate_bp = 6000 WHERE code = 'BR';
UPDATE countries SET de_minimis_minor = 0, duty_rate_bp = 5000 WHERE code = 'AR';
UPDATE countries SET de_minimis_minor = 0, duty_rate_bp = 1900 WHERE code = 'CL';
UPDATE countries SET de_minimis_minor = 123000, duty_rate_bp = 2000 WHERE code = 'GB';
UPDATE countries SET de_minimis_minor = 117000, duty_rate_bp = 2300 WHERE code = 'IE';
UPDATE countries SET de_minimis_minor = 117000, duty_rate_bp = 2000 WHERE code = 'FR';
UPDATE countries SET de_minimis_minor = 117000, duty_rate_bp = 1900 WHERE code = 'DE';
UPDATE countries SET de_minimis_minor = 117000, duty_rate_bp = 2100 WHERE code = 'NL';
UPDATE countries SET de_minimis_minor = 117000, duty_rate_bp = 2100 WHERE code = 'BE';
UPDATE countries SET de_minimis_minor = 117000, duty_rate_bp = 2100 WHERE code = 'ES';
UPDATE countries SET de_minimis_minor = 117000, duty_rate_bp = 2300 WHERE code = 'PT';
UPDATE countries SET de_minimis_minor = 117000, duty_rate_bp = 2200 WHERE code = 'IT';
UPDATE countries SET de_minimis_minor = 4500, duty_rate_bp = 810 WHERE code = 'CH';
UPDATE countries SET de_minimis_minor = 117000, duty_rate_bp = 2000 WHERE code = 'AT';
UPDATE countries SET de_minimis_minor = 117000, duty_rate_bp = 2500 WHERE code = 'SE';
UPDATE countries SET de_minimis_minor = 2000, duty_rate_bp = 2500 WHERE code = 'NO';
UPDATE countries SET de_minimis_minor = 117000, duty_rate_bp = 2500 WHERE code = 'DK';
UPDATE countries SET de_minimis_minor = 117000, duty_rate_bp = 2550 WHERE code = 'FI';
UPDATE countries SET de_minimis_minor = 117000, duty_rate_bp = 2300 WHERE code = 'PL';
UPDATE countries SET de_minimis_minor = 117000, duty_rate_bp = 2100 WHERE code = 'CZ';
UPDATE countries SET de_minimis_minor = 470000, duty_rate_bp = 1000 WHERE code = 'AU';
UPDATE countries SET de_minimis_minor = 42000, duty_rate_bp = 1500 WHERE code = 'NZ';
UPDATE countries SET de_minimis_minor = 48000, duty_rate_bp = 1000 WHERE code = 'JP';
UPDATE countries SET de_minimis_minor = 108000, duty_rate_bp = 1800 WHERE code = 'KR';
UPDATE countries SET de_minimis_minor = 0, duty_rate_bp = 900 WHERE code = 'SG';
UPDATE countries SET de_minimis_minor = 79000, duty_rate_bp = 1000 WHERE code = 'MY';
UPDATE countries SET de_minimis_minor = 0, duty_rate_bp = 1700 WHERE code = 'TH';
UPDATE countries SET de_minimis_minor = 1300, duty_rate_bp = 2200 WHERE code = 'PH';
UPDATE countries SET de_minimis_minor = 196000, duty_rate_bp = 1000 WHERE code = 'AE';
UPDATE countries SET de_minimis_minor = 190000, duty_rate_bp = 2000 WHERE code = 'SA';
UPDATE countries SET de_minimis_minor = 54000, duty_rate_bp = 1700 WHERE code = 'IL';
UPDATE countries SET de_minimis_minor = 0, duty_rate_bp = 2000 WHERE code = 'ZA';

-- Storage deadlines of the packages already on the shelf (new arrivals schedule their own).
INSERT OR REPLACE INTO due_steps (kind, subject, since, due_realistic, due_demo)
  SELECT 'package.storage_expiring', id, arrived_at,
         CAST(unixepoch(arrived_at, '+87 days', 'subsec') * 1000 AS INTEGER), CAST(unixepoch(arrived_at, '+87 days', 'subsec') * 1000 AS INTEGER)
    FROM packages WHERE status = 'in_warehouse';
`,
};
