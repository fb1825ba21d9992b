import type { Migration } from '../migrate.js';

/**
 * The whole schema of API v1. Money columns end in `_minor` (integer fen); times are ISO 8601 UTC text
 * from the service clock; weights are integer grams. JSON columns hold small arrays only. Ids that clients
 * hold (keys, cart lines, addresses, favorites, packages...) are AUTOINCREMENT: a deleted id is never
 * handed out again, so a stale id can never reach someone else's new row.
 */
export const initial: Migration = {
  version: 1,
  name: 'initial',
  up: /* sql */ `
CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE users (
  id         INTEGER PRIMARY KEY,
  username   TEXT NOT NULL UNIQUE,
  email      TEXT NOT NULL,
  avatar     TEXT NOT NULL DEFAULT '',
  language   TEXT NOT NULL DEFAULT 'en',
  created_at TEXT NOT NULL
) STRICT;

CREATE TABLE api_keys (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id       INTEGER NOT NULL REFERENCES users(id),
  name          TEXT NOT NULL,
  prefix        TEXT NOT NULL,
  last4         TEXT NOT NULL,
  hash          TEXT NOT NULL UNIQUE,
  scopes        TEXT NOT NULL,
  rate_limit    INTEGER NOT NULL CHECK (rate_limit > 0),
  allowed_ips   TEXT NOT NULL DEFAULT '[]',
  expires_at    TEXT,
  revoked_at    TEXT,
  last_used_at  TEXT,
  created_at    TEXT NOT NULL
) STRICT;

-- Products: the local catalog (platform NULL source 'local') and products seen through a platform search.
CREATE TABLE products (
  id               INTEGER PRIMARY KEY,
  source           TEXT NOT NULL CHECK (source IN ('local', 'platform')),
  platform         TEXT NOT NULL CHECK (platform IN ('taobao', '1688', 'weidian')),
  platform_item_id TEXT NOT NULL,
  title            TEXT NOT NULL,
  price_minor      INTEGER NOT NULL CHECK (price_minor >= 0),
  currency         TEXT NOT NULL,
  shop_name        TEXT NOT NULL,
  shop_url         TEXT NOT NULL,
  description      TEXT NOT NULL DEFAULT '',
  weight_g         INTEGER NOT NULL CHECK (weight_g > 0),
  cargo_type       TEXT NOT NULL CHECK (cargo_type IN ('general', 'battery', 'sensitive')),
  sales            INTEGER NOT NULL DEFAULT 0,
  images           TEXT NOT NULL DEFAULT '[]',
  category         TEXT NOT NULL DEFAULT '',
  created_at       TEXT NOT NULL,
  UNIQUE (platform, platform_item_id)
) STRICT;
CREATE INDEX products_source ON products(source, id);

CREATE TABLE product_skus (
  product_id  INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  sku_id      TEXT NOT NULL,
  name        TEXT NOT NULL,
  price_minor INTEGER NOT NULL CHECK (price_minor >= 0),
  stock       INTEGER NOT NULL CHECK (stock >= 0),
  image       TEXT,
  position    INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, sku_id)
) STRICT;

-- Full-text search over the local catalog.
CREATE VIRTUAL TABLE products_fts USING fts5(title, shop_name, category, content='products', content_rowid='id');
CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
  INSERT INTO products_fts(rowid, title, shop_name, category) VALUES (new.id, new.title, new.shop_name, new.category);
END;
CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
  INSERT INTO products_fts(products_fts, rowid, title, shop_name, category) VALUES ('delete', old.id, old.title, old.shop_name, old.category);
END;
CREATE TRIGGER products_fts_update AFTER UPDATE ON products BEGIN
  INSERT INTO products_fts(products_fts, rowid, title, shop_name, category) VALUES ('delete', old.id, old.title, old.shop_name, old.category);
  INSERT INTO products_fts(rowid, title, shop_name, category) VALUES (new.id, new.title, new.shop_name, new.category);
END;

CREATE TABLE cart_items (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id    INTEGER NOT NULL REFERENCES users(id),
  product_id INTEGER NOT NULL,
  sku_id     TEXT NOT NULL,
  quantity   INTEGER NOT NULL CHECK (quantity >= 1),
  selected   INTEGER NOT NULL DEFAULT 1 CHECK (selected IN (0, 1)),
  remark     TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (user_id, product_id, sku_id),
  FOREIGN KEY (product_id, sku_id) REFERENCES product_skus(product_id, sku_id)
) STRICT;

-- The wallet ledger: append-only. The balance is the sum of amount_minor; wallets caches it.
CREATE TABLE wallet_entries (
  id                  INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id             INTEGER NOT NULL REFERENCES users(id),
  type                TEXT NOT NULL CHECK (type IN ('deposit', 'order_payment', 'order_refund',
                        'shipping_payment', 'shipping_refund', 'adjustment')),
  amount_minor        INTEGER NOT NULL CHECK (amount_minor <> 0),
  balance_after_minor INTEGER NOT NULL,
  currency            TEXT NOT NULL,
  reference           TEXT NOT NULL DEFAULT '',
  description         TEXT NOT NULL DEFAULT '',
  created_at          TEXT NOT NULL
) STRICT;
CREATE INDEX wallet_entries_user ON wallet_entries(user_id, id);
CREATE INDEX wallet_entries_reference ON wallet_entries(reference);
CREATE TRIGGER wallet_entries_no_update BEFORE UPDATE ON wallet_entries BEGIN
  SELECT RAISE(ABORT, 'wallet entries are append-only');
END;
CREATE TRIGGER wallet_entries_no_delete BEFORE DELETE ON wallet_entries BEGIN
  SELECT RAISE(ABORT, 'wallet entries are append-only');
END;

CREATE TABLE wallets (
  user_id       INTEGER PRIMARY KEY REFERENCES users(id),
  balance_minor INTEGER NOT NULL DEFAULT 0,
  frozen_minor  INTEGER NOT NULL DEFAULT 0 CHECK (frozen_minor >= 0),
  CHECK (balance_minor - frozen_minor >= 0)
) STRICT;

-- Money held for a pending shipping order: frozen until captured (shipped) or released (cancelled).
CREATE TABLE wallet_holds (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id      INTEGER NOT NULL REFERENCES users(id),
  reference    TEXT NOT NULL UNIQUE,
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  status       TEXT NOT NULL CHECK (status IN ('active', 'captured', 'released')),
  created_at   TEXT NOT NULL,
  settled_at   TEXT
) STRICT;

CREATE TABLE coupons (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  name             TEXT NOT NULL,
  type             TEXT NOT NULL CHECK (type IN ('percentage', 'fixed')),
  -- percentage: whole percent off; fixed: minor units off
  value            INTEGER NOT NULL CHECK (value > 0),
  min_order_minor  INTEGER NOT NULL DEFAULT 0,
  expires_at       TEXT NOT NULL,
  created_at       TEXT NOT NULL
) STRICT;

CREATE TABLE user_coupons (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id       INTEGER NOT NULL REFERENCES users(id),
  coupon_id     INTEGER NOT NULL REFERENCES coupons(id),
  claimed_at    TEXT NOT NULL,
  used_order_no TEXT,
  used_at       TEXT,
  UNIQUE (user_id, coupon_id)
) STRICT;

CREATE TABLE orders (
  order_no             TEXT PRIMARY KEY,
  user_id              INTEGER NOT NULL REFERENCES users(id),
  status               TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'purchased', 'shipped_to_warehouse',
                         'in_warehouse', 'completed', 'cancelled', 'refunded')),
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
CREATE INDEX orders_user_created ON orders(user_id, created_at DESC, order_no);
CREATE INDEX orders_user_status ON orders(user_id, status, created_at DESC);

CREATE TABLE order_items (
  id          INTEGER PRIMARY KEY,
  order_no    TEXT NOT NULL REFERENCES orders(order_no),
  product_id  INTEGER NOT NULL REFERENCES products(id),
  sku_id      TEXT NOT NULL,
  title       TEXT NOT NULL,
  sku_name    TEXT NOT NULL,
  price_minor INTEGER NOT NULL,
  quantity    INTEGER NOT NULL CHECK (quantity >= 1),
  remark      TEXT NOT NULL DEFAULT '',
  weight_g    INTEGER NOT NULL,
  cargo_type  TEXT NOT NULL,
  image_url   TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX order_items_order ON order_items(order_no);

CREATE TABLE order_timeline (
  id       INTEGER PRIMARY KEY,
  order_no TEXT NOT NULL REFERENCES orders(order_no),
  status   TEXT NOT NULL,
  at       TEXT NOT NULL,
  note     TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX order_timeline_order ON order_timeline(order_no, id);

CREATE TABLE order_logistics_events (
  id          INTEGER PRIMARY KEY,
  order_no    TEXT NOT NULL REFERENCES orders(order_no),
  at          TEXT NOT NULL,
  location    TEXT NOT NULL,
  description TEXT NOT NULL
) STRICT;
CREATE INDEX order_logistics_order ON order_logistics_events(order_no, at);

CREATE TABLE addresses (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id    INTEGER NOT NULL REFERENCES users(id),
  name       TEXT NOT NULL,
  phone      TEXT NOT NULL,
  country    TEXT NOT NULL,
  state      TEXT NOT NULL DEFAULT '',
  city       TEXT NOT NULL,
  address    TEXT NOT NULL,
  zip_code   TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  created_at TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX addresses_one_default ON addresses(user_id) WHERE is_default = 1;

CREATE TABLE favorites (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id    INTEGER NOT NULL REFERENCES users(id),
  product_id INTEGER NOT NULL REFERENCES products(id),
  added_at   TEXT NOT NULL,
  UNIQUE (user_id, product_id)
) STRICT;

CREATE TABLE countries (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL
) STRICT;

-- Shipping channels are data the operator edits; the freight engine prices from these columns.
CREATE TABLE channels (
  channel_id         TEXT PRIMARY KEY,
  name               TEXT NOT NULL,
  carrier            TEXT NOT NULL,
  delivery_days      TEXT NOT NULL,
  supported_cargo    TEXT NOT NULL,
  min_weight_g       INTEGER NOT NULL,
  max_weight_g       INTEGER NOT NULL,
  countries          TEXT NOT NULL,
  first_weight_g     INTEGER NOT NULL CHECK (first_weight_g > 0),
  first_price_minor  INTEGER NOT NULL CHECK (first_price_minor >= 0),
  step_weight_g      INTEGER NOT NULL CHECK (step_weight_g > 0),
  step_price_minor   INTEGER NOT NULL CHECK (step_price_minor >= 0),
  volumetric_divisor INTEGER CHECK (volumetric_divisor IN (5000, 6000, 8000)),
  fuel_surcharge_bp  INTEGER NOT NULL DEFAULT 0,
  active             INTEGER NOT NULL DEFAULT 1,
  position           INTEGER NOT NULL DEFAULT 0,
  CHECK (min_weight_g <= max_weight_g)
) STRICT;

CREATE TABLE packages (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id           INTEGER NOT NULL REFERENCES users(id),
  order_no          TEXT NOT NULL REFERENCES orders(order_no),
  order_item_id     INTEGER NOT NULL UNIQUE REFERENCES order_items(id),
  product_name      TEXT NOT NULL,
  quantity          INTEGER NOT NULL,
  weight_g          INTEGER NOT NULL,
  cargo_type        TEXT NOT NULL,
  status            TEXT NOT NULL CHECK (status IN ('in_warehouse', 'packing', 'shipped', 'delivered')),
  photos            TEXT NOT NULL DEFAULT '[]',
  shipping_order_no TEXT,
  arrived_at        TEXT NOT NULL
) STRICT;
CREATE INDEX packages_user_status ON packages(user_id, status, id);

CREATE TABLE shipping_orders (
  order_no           TEXT PRIMARY KEY,
  user_id            INTEGER NOT NULL REFERENCES users(id),
  status             TEXT NOT NULL CHECK (status IN ('pending', 'shipped', 'delivered', 'cancelled')),
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
CREATE INDEX shipping_orders_user ON shipping_orders(user_id, created_at DESC);

CREATE TABLE shipping_order_items (
  shipping_order_no TEXT NOT NULL REFERENCES shipping_orders(order_no),
  package_id        INTEGER NOT NULL REFERENCES packages(id),
  PRIMARY KEY (shipping_order_no, package_id)
) STRICT;

CREATE TABLE shipping_events (
  id                INTEGER PRIMARY KEY,
  shipping_order_no TEXT NOT NULL REFERENCES shipping_orders(order_no),
  at                TEXT NOT NULL,
  status            TEXT NOT NULL,
  location          TEXT NOT NULL DEFAULT '',
  description       TEXT NOT NULL
) STRICT;

-- Stored first responses for Idempotency-Key retries (kept 24 h).
CREATE TABLE idempotency_keys (
  api_key_id   INTEGER NOT NULL,
  idem_key     TEXT NOT NULL,
  method       TEXT NOT NULL,
  path         TEXT NOT NULL,
  body_hash    TEXT NOT NULL,
  status_code  INTEGER NOT NULL,
  response     TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  PRIMARY KEY (api_key_id, idem_key)
) STRICT;
`,
};
