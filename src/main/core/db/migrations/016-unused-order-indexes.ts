import type { Migration } from '../migrate.js';

/**
 * Two indexes on orders that nothing reads any more: the order lists page from order_ranks (migrations 005
 * and 009) and the export seeks by user (orders_user_created / orders_user_status_created). Each was one
 * more B-tree insert per order placed and one more page written per group commit, on the busiest write
 * path (issue 14 item 3); a status change moved orders_status_created too.
 */
export const unusedOrderIndexes: Migration = {
  version: 16,
  name: 'unused order indexes',
  up: /* sql */ `
DROP INDEX IF EXISTS orders_status_created;
DROP INDEX IF EXISTS orders_created;
`,
};
