import type { Migration } from '../migrate.js';

/**
 * Each seller group (platform + shop) of an order ships its own parcel to the warehouse (issue 26 item 9):
 * its own carrier and domestic tracking number, kept on the group's lines beside their
 * `marketplace_order_no` (migration 007). Orders shipped before this kept one number for the whole order:
 * their lines take the order's, which is what the shopper was shown.
 */
export const sellerParcels: Migration = {
  version: 31,
  name: 'a domestic parcel per seller group',
  up: /* sql */ `
ALTER TABLE order_items ADD COLUMN domestic_carrier TEXT;
ALTER TABLE order_items ADD COLUMN domestic_tracking_no TEXT;
UPDATE order_items SET
  domestic_carrier = (SELECT o.carrier FROM orders o WHERE o.order_no = order_items.order_no),
  domestic_tracking_no = (SELECT o.tracking_no FROM orders o WHERE o.order_no = order_items.order_no);
`,
};
