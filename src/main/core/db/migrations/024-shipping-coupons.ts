import type { Migration } from '../migrate.js';

/**
 * API v1.2 section 11 (issue 27): coupons for shipping. A coupon says what it comes off (`applies_to`:
 * purchase, as every earlier coupon, or shipping) and, for shipping, the channels it is good on (JSON
 * array, NULL: any) and the least freight it needs. A shipping order keeps the coupon it used and the
 * discount (the hold is fee - discount + premium + storage). An installation that has the demo catalog
 * gains its two shipping coupons (a fresh one gets them from the seed, which runs after migrations).
 */
export const shippingCoupons: Migration = {
  version: 24,
  name: 'shipping coupons',
  up: /* sql */ `
ALTER TABLE coupons ADD COLUMN applies_to TEXT NOT NULL DEFAULT 'purchase' CHECK (applies_to IN ('purchase', 'shipping'));
ALTER TABLE coupons ADD COLUMN channel_ids TEXT;
ALTER TABLE coupons ADD COLUMN min_fee_minor INTEGER NOT NULL DEFAULT 0 CHECK (min_fee_minor >= 0);
ALTER TABLE shipping_orders ADD COLUMN coupon_id INTEGER REFERENCES coupons(id);
ALTER TABLE shipping_orders ADD COLUMN coupon_discount_minor INTEGER NOT NULL DEFAULT 0 CHECK (coupon_discount_minor >= 0);

INSERT INTO coupons (name, type, value, min_order_minor, expires_at, created_at, applies_to, channel_ids, min_fee_minor)
  SELECT '15 off shipping of 100 or more', 'fixed', 1500, 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+60 days'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'shipping', NULL, 10000
   WHERE EXISTS (SELECT 1 FROM coupons) AND NOT EXISTS (SELECT 1 FROM coupons WHERE name = '15 off shipping of 100 or more');
INSERT INTO coupons (name, type, value, min_order_minor, expires_at, created_at, applies_to, channel_ids, min_fee_minor)
  SELECT '20% off economy shipping', 'percentage', 20, 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+45 days'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'shipping', '["economy-air","economy-line"]', 0
   WHERE EXISTS (SELECT 1 FROM coupons) AND NOT EXISTS (SELECT 1 FROM coupons WHERE name = '20% off economy shipping');
`,
};
