import { Type } from 'typebox';
import { badRequest } from '../../../shared/errors.js';
import { parseAmount, type Minor } from '../../../shared/money.js';
import { adjustWallet, depositToWallet, MAX_NOTE } from '../../../wallet/operator.js';
import { defineRoute } from '../../route.js';
import { Currency, Money } from '../../schemas.js';

/** The back office on wallets (/api/v1/admin): deposits and signed adjustments. */

/** The operator's user (id 1) unless another is named. */
const DEFAULT_USER_ID = 1;

const EntryResult = Type.Object({
  transactionId: Type.Integer(),
  userId: Type.Integer(),
  type: Type.String(),
  amount: Money,
  balance: Money,
  frozenBalance: Money,
  availableBalance: Money,
  currency: Currency,
});

const Amount = Type.Number({ description: 'in the ledger currency, at most two decimals' });
const UserId = Type.Optional(Type.Integer({ minimum: 1, description: `default ${DEFAULT_USER_ID}` }));

/** JSON numbers with more than two decimals (or float noise like 0.1 + 0.2) are refused, never rounded. */
function minorOf(amount: number): Minor {
  const minor = parseAmount(amount);
  if (minor === null) throw badRequest('amount must be a number with at most two decimals');
  return minor;
}

export const adminWalletRoutes = [
  defineRoute({
    method: 'POST',
    url: '/wallet/deposit',
    scope: null,
    tag: 'Back office',
    status: 201,
    summary: 'Credit a user\'s wallet (a deposit ledger entry)',
    idempotent: true,
    schema: {
      body: Type.Object({ amount: Amount, note: Type.Optional(Type.String({ maxLength: MAX_NOTE })), userId: UserId }, { additionalProperties: false }),
      response: EntryResult,
    },
    handler: ({ ctx, body }) => depositToWallet(ctx, { userId: body.userId ?? DEFAULT_USER_ID, amount: minorOf(body.amount), note: body.note }),
  }),
  defineRoute({
    method: 'POST',
    url: '/wallet/adjust',
    scope: null,
    tag: 'Back office',
    status: 201,
    summary: 'A signed correction with a note; may not take the available balance below zero',
    idempotent: true,
    schema: {
      body: Type.Object(
        { amount: Amount, note: Type.String({ minLength: 1, maxLength: MAX_NOTE }), userId: UserId },
        { additionalProperties: false },
      ),
      response: EntryResult,
    },
    handler: ({ ctx, body }) => adjustWallet(ctx, { userId: body.userId ?? DEFAULT_USER_ID, amount: minorOf(body.amount), note: body.note }),
  }),
];
