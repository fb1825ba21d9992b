import { listPendingReturns } from '../../../orders/returns.js';
import { DEFAULT_LIMIT } from '../../../shared/pagination.js';
import { defineRoute } from '../../route.js';
import { adminReturnSchemas } from '../../../../../contract/admin/returns.js';

/** The seller's side of returns and exchanges: what waits for a decision (deciding is POST /orders/:id/returns/:rid/decide). */
export const adminReturnRoutes = [
  defineRoute({
    method: 'GET',
    url: '/returns/pending',
    scope: null,
    tag: 'Admin',
    summary: 'Every user\'s returns and exchanges awaiting the seller\'s decision, oldest first (cursor paging: startingAfter)',
    schema: adminReturnSchemas['GET /returns/pending'],
    handler: ({ ctx, query }) => listPendingReturns(ctx, { limit: query.limit ?? DEFAULT_LIMIT, startingAfter: query.startingAfter }),
  }),
];
