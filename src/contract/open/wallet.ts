import { Type, type Static } from 'typebox';
import { Currency, CursorQuery, Money, PageQuery, Paginated, type ResponseOf, Timestamp } from '../common.js';
import { ENTRY_TYPES } from '../enums.js';

export const EntryType = Type.Enum([...ENTRY_TYPES], { description: ENTRY_TYPES.join(', ') });

export const Transaction = Type.Object({
  id: Type.Integer(),
  type: EntryType,
  amount: Type.Number({ description: 'signed: credits positive, debits negative' }),
  balanceAfter: Money,
  currency: Currency,
  reference: Type.String({ description: 'what the entry is for, e.g. an order number' }),
  description: Type.String(),
  createdAt: Timestamp,
});

/** The schemas of each route of open/wallet.ts, by method and path. */
export const walletSchemas = {
  'GET /user/wallet/balance': {
    response: Type.Object({ balance: Money, frozenBalance: Money, availableBalance: Money, currency: Currency }),
  },
  'GET /user/wallet/transactions': {
    querystring: Type.Object({ ...PageQuery, ...CursorQuery, type: Type.Optional(EntryType) }),
    response: Paginated(Transaction),
  },
};

/** The static types of what these routes take and answer. */
type Routes = typeof walletSchemas;
export type WalletBalance = ResponseOf<Routes['GET /user/wallet/balance']>;
export type WalletTransaction = Static<typeof Transaction>;
