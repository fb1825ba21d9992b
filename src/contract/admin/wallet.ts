import { Type, type Static } from 'typebox';
import { Currency, Money } from '../common.js';
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
};

/** The static types of what these routes take and answer. */
export type WalletEntryResult = Static<typeof EntryResult>;
