import { Type } from 'typebox';
import { ENTRY_TYPES } from '../../../wallet/ledger.js';
import { balanceView, listTransactions } from '../../../wallet/statement.js';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../../../shared/pagination.js';
import { defineRoute } from '../../route.js';
import { Currency, Money, PageQuery, Paginated, Timestamp } from '../../schemas.js';
import { CursorQuery } from '../../cursor.js';

const EntryType = Type.Enum([...ENTRY_TYPES], { description: ENTRY_TYPES.join(', ') });

const Transaction = Type.Object({
  id: Type.Integer(),
  type: EntryType,
  amount: Type.Number({ description: 'signed: credits positive, debits negative' }),
  balanceAfter: Money,
  currency: Currency,
  reference: Type.String({ description: 'what the entry is for, e.g. an order number' }),
  description: Type.String(),
  createdAt: Timestamp,
});

export const walletRoutes = [
  defineRoute({
    method: 'GET',
    url: '/user/wallet/balance',
    scope: 'wallet:read',
    tag: 'Wallet',
    summary: 'Balance, the part frozen for pending shipping orders, and what is available',
    schema: {
      response: Type.Object({ balance: Money, frozenBalance: Money, availableBalance: Money, currency: Currency }),
    },
    handler: ({ ctx, caller }) => balanceView(ctx, caller.userId),
  }),
  defineRoute({
    method: 'GET',
    url: '/user/wallet/transactions',
    scope: 'wallet:read',
    tag: 'Wallet',
    summary: 'Ledger entries, newest first, optionally of one type',
    schema: {
      querystring: Type.Object({ ...PageQuery, ...CursorQuery, type: Type.Optional(EntryType) }),
      response: Paginated(Transaction),
    },
    handler: ({ ctx, caller, query }) =>
      listTransactions(ctx, caller.userId, { page: query.page ?? DEFAULT_PAGE, limit: query.limit ?? DEFAULT_LIMIT, type: query.type, startingAfter: query.startingAfter }),
  }),
];
