import { balanceView, listTransactions } from '../../../wallet/statement.js';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../../../shared/pagination.js';
import { defineRoute } from '../../route.js';
import { walletSchemas } from '../../../../../contract/open/wallet.js';

export const walletRoutes = [
  defineRoute({
    method: 'GET',
    url: '/user/wallet/balance',
    scope: 'wallet:read',
    tag: 'Wallet',
    summary: 'Balance, the part frozen for pending shipping orders, and what is available',
    schema: walletSchemas['GET /user/wallet/balance'],
    handler: ({ ctx, caller }) => balanceView(ctx, caller.userId),
  }),
  defineRoute({
    method: 'GET',
    url: '/user/wallet/transactions',
    scope: 'wallet:read',
    tag: 'Wallet',
    summary: 'Ledger entries, newest first, optionally of one type',
    schema: walletSchemas['GET /user/wallet/transactions'],
    handler: ({ ctx, caller, query }) =>
      listTransactions(ctx, caller.userId, { page: query.page ?? DEFAULT_PAGE, limit: query.limit ?? DEFAULT_LIMIT, type: query.type, startingAfter: query.startingAfter }),
  }),
];
