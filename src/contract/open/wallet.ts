import { Type, type Static } from 'typebox';
import { Currency, CursorOnlyQuery, CursorQuery, Money, PageQuery, Paginated, type ResponseOf, Timestamp } from '../common.js';
import { ENTRY_TYPES, TOP_UP_METHODS, TOP_UP_STATUSES } from '../enums.js';

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

export const TopUpMethodName = Type.Enum([...TOP_UP_METHODS], { description: TOP_UP_METHODS.join(', ') });

/** A top-up (extensions.md section 12): `amount` in `currency`; `fee` and `credited` in the ledger currency. */
export const TopUp = Type.Object({
  id: Type.Integer(),
  method: TopUpMethodName,
  amount: Type.Number({ description: 'in `currency`, at most two decimals' }),
  currency: Currency,
  rate: Type.Number({ description: 'units of `currency` per unit of the ledger currency, frozen at creation (1 in the ledger currency)' }),
  fee: Money,
  credited: Type.Number({
    description: 'what reaches the wallet, in the ledger currency (amount converted, minus the fee): what will arrive while pending, what arrived once succeeded, 0 once failed (nothing was credited)',
  }),
  ledgerCurrency: Currency,
  status: Type.Enum([...TOP_UP_STATUSES], { description: TOP_UP_STATUSES.join(', ') }),
  createdAt: Timestamp,
  completedAt: Type.Union([Timestamp, Type.Null()]),
  failureReason: Type.Union([Type.String(), Type.Null()]),
  expectedAt: Type.Union([Timestamp, Type.Null()], { description: 'when a pending top-up is due to arrive (service clock)' }),
  scenarios: Type.Array(Type.String()),
});

export const NewTopUp = Type.Object(
  {
    method: TopUpMethodName,
    amount: Type.Number({ exclusiveMinimum: 0, maximum: 10_000_000, description: 'in `currency`, at most two decimals' }),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217; default the ledger currency; others at the operator\'s display rates' })),
  },
  { additionalProperties: false },
);

/** What POST /user/wallet/top-ups with this body would charge and credit, figured by the same rules; nothing is written. */
export const TopUpPreview = Type.Object({
  method: TopUpMethodName,
  amount: Type.Number({ description: 'in `currency`' }),
  currency: Currency,
  rate: Type.Number({ description: 'units of `currency` per unit of the ledger currency, as a top-up now would freeze it' }),
  fee: Money,
  credited: Type.Number({ description: 'what would reach the wallet, in the ledger currency (amount converted, minus the fee); 0 with the sandbox scenario declined' }),
  ledgerCurrency: Currency,
  expectedAt: Type.Union([Timestamp, Type.Null()], { description: 'when it would arrive (service clock): a day later with the sandbox scenario pending_review; null for an instant method or declined' }),
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
  'POST /user/wallet/top-ups': { body: NewTopUp, response: TopUp },
  'POST /user/wallet/top-ups/preview': { body: NewTopUp, response: TopUpPreview },
  'GET /user/wallet/top-ups': {
    querystring: Type.Object({ ...CursorOnlyQuery }),
    response: Paginated(TopUp),
  },
};

/** The static types of what these routes take and answer. */
type Routes = typeof walletSchemas;
export type WalletBalance = ResponseOf<Routes['GET /user/wallet/balance']>;
export type WalletTransaction = Static<typeof Transaction>;
export type TopUpView = Static<typeof TopUp>;
export type NewTopUpBody = Static<typeof NewTopUp>;
export type TopUpPreviewView = Static<typeof TopUpPreview>;
