import type { Migration } from '../migrate.js';

/**
 * API v1.2 section 12 (issue 27): topping up the wallet. `top_up_methods` holds the operator's figures per
 * method (fee in basis points, a fixed fee in its own currency, how the money arrives); `wallet_top_ups`
 * one row per top-up, with the rate, fee and credited amount frozen at creation. Nothing here touches the
 * ledger: a top-up's one `deposit` entry is written when it succeeds.
 */
export const walletTopUps: Migration = {
  version: 23,
  name: 'wallet top-ups',
  up: /* sql */ `
CREATE TABLE top_up_methods (
  method            TEXT PRIMARY KEY CHECK (method IN ('paypal', 'card', 'alipay', 'wechat', 'bank_transfer')),
  fee_bp            INTEGER NOT NULL CHECK (fee_bp BETWEEN 0 AND 5000),
  fixed_fee_minor   INTEGER NOT NULL DEFAULT 0 CHECK (fixed_fee_minor >= 0),
  fixed_fee_currency TEXT NOT NULL DEFAULT 'USD',
  arrival           TEXT NOT NULL CHECK (arrival IN ('instant', 'next_business_day')),
  enabled           INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1))
) STRICT;
INSERT INTO top_up_methods (method, fee_bp, fixed_fee_minor, fixed_fee_currency, arrival) VALUES
  ('paypal', 440, 30, 'USD', 'instant'),
  ('card', 300, 0, 'USD', 'instant'),
  ('alipay', 0, 0, 'USD', 'instant'),
  ('wechat', 0, 0, 'USD', 'instant'),
  ('bank_transfer', 0, 0, 'USD', 'next_business_day');

CREATE TABLE wallet_top_ups (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id         INTEGER NOT NULL REFERENCES users(id),
  method          TEXT NOT NULL,
  amount_minor    INTEGER NOT NULL CHECK (amount_minor > 0),
  currency        TEXT NOT NULL,
  rate            TEXT NOT NULL,
  fee_minor       INTEGER NOT NULL CHECK (fee_minor >= 0),
  credited_minor  INTEGER NOT NULL CHECK (credited_minor > 0),
  status          TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  scenarios       TEXT NOT NULL DEFAULT '[]',
  created_at      TEXT NOT NULL,
  due_at          TEXT,
  completed_at    TEXT,
  failure_reason  TEXT,
  entry_id        INTEGER REFERENCES wallet_entries(id)
) STRICT;
CREATE INDEX wallet_top_ups_user ON wallet_top_ups(user_id, id);
CREATE INDEX wallet_top_ups_pending ON wallet_top_ups(id) WHERE status = 'pending';
`,
};
