import { badRequest } from '../../../shared/errors.js';
import { parseAmount, type Minor } from '../../../shared/money.js';
import { adjustWallet, depositToWallet } from '../../../wallet/admin.js';
import { listTopUpMethods, listTopUps, resolveTopUp, updateTopUpMethod } from '../../../wallet/top-ups.js';
import type { MethodFigures } from '../../../wallet/top-up-rules.js';
import { defineRoute } from '../../route.js';
import { DEFAULT_LIMIT } from '../../../shared/pagination.js';
import { DEFAULT_USER_ID, adminWalletSchemas, type TopUpMethodView } from '../../../../../contract/admin/wallet.js';

function methodView(f: MethodFigures): TopUpMethodView {
  return { method: f.method, feeRate: f.feeBp / 100, fixedFee: f.fixedFeeMinor / 100, fixedFeeCurrency: f.fixedFeeCurrency, arrival: f.arrival, enabled: f.enabled };
}

/** A percentage with at most two decimals as basis points (4.4 -> 440), never through float noise. */
function basisPointsOf(percent: number): number {
  const bp = parseAmount(percent);
  if (bp === null) throw badRequest('feeRate must be a percentage with at most two decimals');
  return bp;
}

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

  defineRoute({
    method: 'GET',
    url: '/wallet/top-ups',
    scope: null,
    tag: 'Admin',
    summary: 'Every user\'s top-ups, newest first, optionally of one status (pending: what is still on its way)',
    schema: adminWalletSchemas['GET /wallet/top-ups'],
    handler: ({ ctx, query }) => listTopUps(ctx, null, { page: query.page, limit: query.limit ?? DEFAULT_LIMIT, startingAfter: query.startingAfter, status: query.status }),
  }),
  defineRoute({
    method: 'POST',
    url: '/wallet/top-ups/:id/resolve',
    scope: null,
    tag: 'Admin',
    idempotent: true,
    summary: 'Settle a pending top-up by hand: the money arrived (credited now) or it failed (nothing credited)',
    schema: adminWalletSchemas['POST /wallet/top-ups/:id/resolve'],
    handler: ({ ctx, params, body }) => resolveTopUp(ctx, params.id, body.outcome, body.reason),
  }),
  defineRoute({
    method: 'GET',
    url: '/wallet/top-up-methods',
    scope: null,
    tag: 'Admin',
    summary: 'The top-up methods and their figures (fee, fixed fee, how the money arrives)',
    schema: adminWalletSchemas['GET /wallet/top-up-methods'],
    handler: ({ ctx }) => listTopUpMethods(ctx).map(methodView),
  }),
  defineRoute({
    method: 'PUT',
    url: '/wallet/top-up-methods/:method',
    scope: null,
    tag: 'Admin',
    summary: 'Change a top-up method\'s figures',
    schema: adminWalletSchemas['PUT /wallet/top-up-methods/:method'],
    handler: ({ ctx, params, body }) =>
      methodView(
        updateTopUpMethod(ctx, params.method, {
          ...(body.feeRate !== undefined ? { feeBp: basisPointsOf(body.feeRate) } : {}),
          ...(body.fixedFee !== undefined ? { fixedFeeMinor: minorOf(body.fixedFee) } : {}),
          ...(body.fixedFeeCurrency !== undefined ? { fixedFeeCurrency: body.fixedFeeCurrency } : {}),
          ...(body.arrival !== undefined ? { arrival: body.arrival } : {}),
          ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        }),
      ),
  }),
];
