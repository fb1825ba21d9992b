import { widenCheck } from '../check-rebuild.js';
import type { Migration } from '../migrate.js';

/**
 * API v1.2 section 10 (issue 27): the packed parcel settles the shipping fee. A shipping order gains what
 * the warehouse weighed and measured at dispatch (or took from its packed rehearsal), the weight and fee
 * billed on it, and what dispatch finally charged; a parcel that costs more than the tolerance waits in the
 * new status `awaiting_payment` for a shipping supplement (table `shipping_supplements`), paid with the new
 * ledger type `shipping_supplement`. The two CHECKs are widened by rebuilding their tables (check-rebuild.ts:
 * columns, indexes, triggers and counters kept as they are). `charge_weight_g` and `quote_price`: the weight
 * the quote was priced on and the channel's price model then (the packed parcel is priced again on the same
 * table; NULL on orders made before: their total weight and the channel's current table stand in).
 */
export const packedWeight: Migration = {
  version: 25,
  name: 'packed weight',
  up: /* sql */ `
CREATE TABLE shipping_supplements (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  shipping_order_no TEXT NOT NULL REFERENCES shipping_orders(order_no),
  user_id           INTEGER NOT NULL REFERENCES users(id),
  amount_minor      INTEGER NOT NULL CHECK (amount_minor > 0),
  status            TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'expired')),
  created_at        TEXT NOT NULL,
  expires_at        TEXT NOT NULL,
  resolved_at       TEXT
) STRICT;
CREATE INDEX shipping_supplements_order ON shipping_supplements(shipping_order_no, id);
`,
  run(db) {
    widenCheck(db, 'wallet_entries', `'insurance_payout')`, `'insurance_payout', 'shipping_supplement')`);
    widenCheck(db, 'shipping_orders', `'exception', 'lost')`, `'exception', 'lost', 'awaiting_payment')`);
    db.exec(/* sql */ `
ALTER TABLE shipping_orders ADD COLUMN charge_weight_g INTEGER;
ALTER TABLE shipping_orders ADD COLUMN quote_price TEXT;
ALTER TABLE shipping_orders ADD COLUMN packed_weight_g INTEGER;
ALTER TABLE shipping_orders ADD COLUMN packed_dimensions TEXT;
ALTER TABLE shipping_orders ADD COLUMN volumetric_weight_g INTEGER;
ALTER TABLE shipping_orders ADD COLUMN billed_weight_g INTEGER;
ALTER TABLE shipping_orders ADD COLUMN billed_fee_minor INTEGER;
ALTER TABLE shipping_orders ADD COLUMN charged_total_minor INTEGER;
`);
  },
};
