import { Type, type Static } from 'typebox';
import { Currency, CursorOnlyQuery, IdParam, Money, Paginated } from '../common.js';
import { TOP_UP_METHODS, TOP_UP_STATUSES } from '../enums.js';
import { TopUp, TopUpMethodName } from '../open/wallet.js';
import { MAX_NOTE } from '../limits.js';

/** The back office on wallets (/api/v1/admin): deposits and signed adjustments. */

/** The operator's user (id 1) unless another is named. */
export const DEFAULT_USER_ID = 1;

export const EntryResult = Type.Object({
  transactionId: Type.Integer(),
  userId: Type.Integer(),
  type: Type.String(),
  amount: Money,
  balance: Money,
  frozenBalance: Money,
  availableBalance: Money,
  currency: Currency,
});

export const Amount = Type.Number({ description: 'in the ledger currency, at most two decimals' });
export const UserId = Type.Optional(Type.Integer({ minimum: 1, description: `default ${DEFAULT_USER_ID}` }));

/** A top-up as the back office sees it: whose it is, too. */
export const AdminTopUp = Type.Object({ ...TopUp.properties, userId: Type.Integer() });

/** The operator's figures of one top-up method (extensions.md section 12). */
export const TopUpMethodFigures = Type.Object({
  method: Type.Enum([...TOP_UP_METHODS]),
  feeRate: Type.Number({ description: 'percent of the amount (4.4 = 4.4%)' }),
  fixedFee: Type.Number({ description: 'per top-up, in fixedFeeCurrency' }),
  fixedFeeCurrency: Currency,
  arrival: Type.Enum(['instant', 'next_business_day']),
  enabled: Type.Boolean(),
});

/** The schemas of each route of admin/wallet.ts, by method and path. */
export const adminWalletSchemas = {
  'POST /wallet/deposit': {
    body: Type.Object({ amount: Amount, note: Type.Optional(Type.String({ maxLength: MAX_NOTE })), userId: UserId }, { additionalProperties: false }),
    response: EntryResult,
  },
  'POST /wallet/adjust': {
    body: Type.Object(
      { amount: Amount, note: Type.String({ minLength: 1, maxLength: MAX_NOTE }), userId: UserId },
      { additionalProperties: false },
    ),
    response: EntryResult,
  },
  'GET /wallet/top-ups': {
    querystring: Type.Object({ ...CursorOnlyQuery, status: Type.Optional(Type.Enum([...TOP_UP_STATUSES])) }),
    response: Paginated(AdminTopUp),
  },
  'POST /wallet/top-ups/:id/resolve': {
    params: IdParam,
    body: Type.Object(
      {
        outcome: Type.Enum(['succeeded', 'failed'], { description: 'succeeded: the money arrived (credited now); failed: nothing is credited' }),
        reason: Type.Optional(Type.String({ maxLength: MAX_NOTE })),
      },
      { additionalProperties: false },
    ),
    response: AdminTopUp,
  },
  'GET /wallet/top-up-methods': { response: Type.Array(TopUpMethodFigures) },
  'PUT /wallet/top-up-methods/:method': {
    params: Type.Object({ method: TopUpMethodName }),
    body: Type.Object(
      {
        feeRate: Type.Optional(Type.Number({ minimum: 0, maximum: 50, description: 'percent of the amount' })),
        fixedFee: Type.Optional(Type.Number({ minimum: 0, maximum: 1000, description: 'per top-up, in fixedFeeCurrency' })),
        fixedFeeCurrency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
        arrival: Type.Optional(Type.Enum(['instant', 'next_business_day'])),
        enabled: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
    response: TopUpMethodFigures,
  },
};

/** The static types of what these routes take and answer. */
export type WalletEntryResult = Static<typeof EntryResult>;
export type TopUpMethodView = Static<typeof TopUpMethodFigures>;
export type AdminTopUpView = Static<typeof AdminTopUp>;
