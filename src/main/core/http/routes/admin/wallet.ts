import { badRequest } from '../../../shared/errors.js';
import { parseAmount, type Minor } from '../../../shared/money.js';
import { adjustWallet, depositToWallet } from '../../../wallet/admin.js';
import { defineRoute } from '../../route.js';
import { DEFAULT_USER_ID, adminWalletSchemas } from '../../../../../contract/admin/wallet.js';

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
    tag: 'Admin',
    status: 201,
    summary: 'Credit a user\'s wallet (a deposit ledger entry)',
    idempotent: true,
    schema: adminWalletSchemas['POST /wallet/deposit'],
    handler: ({ ctx, body }) => depositToWallet(ctx, { userId: body.userId ?? DEFAULT_USER_ID, amount: minorOf(body.amount), note: body.note }),
  }),
  defineRoute({
    method: 'POST',
    url: '/wallet/adjust',
    scope: null,
    tag: 'Admin',
    status: 201,
    summary: 'A signed correction with a note; may not take the available balance below zero',
    idempotent: true,
    schema: adminWalletSchemas['POST /wallet/adjust'],
    handler: ({ ctx, body }) => adjustWallet(ctx, { userId: body.userId ?? DEFAULT_USER_ID, amount: minorOf(body.amount), note: body.note }),
  }),
];
