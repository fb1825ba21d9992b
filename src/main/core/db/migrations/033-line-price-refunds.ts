import type { Migration } from '../migrate.js';

/**
 * A price decrease refunded for one line is kept on that line, so a later return of it refunds the price
 * paid after the decrease (orders/returns.ts) rather than the price at the order. The order's total of
 * decreases (`orders.price_refunds_minor`) stays; what it holds beyond its lines' (a decrease for the whole
 * order, or one refunded before this column) is shared over the lines by amount. No CHECK: SQLite would
 * test it against every existing row, a scan of a million-order folder's lines at its first start.
 */
export const linePriceRefunds: Migration = {
  version: 33,
  name: 'line price refunds',
  up: /* sql */ `
ALTER TABLE order_items ADD COLUMN price_refunds_minor INTEGER NOT NULL DEFAULT 0;
`,
};
