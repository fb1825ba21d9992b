import { balanceView, listTransactions } from '../../../wallet/statement.js';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../../../shared/pagination.js';
import { createTopUp, listTopUps, parseTopUpScenarios, previewTopUp } from '../../../wallet/top-ups.js';
import { SCENARIO_HEADER } from '../../../shipping/scenarios.js';
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

  defineRoute({
    method: 'POST',
    url: '/user/wallet/top-ups',
    scope: 'wallet:write',
    tag: 'Wallet',
    status: 201,
    idempotent: true,
    summary: 'Top up the wallet by PayPal, card, Alipay, WeChat or bank transfer; fee and rate frozen, credited once it succeeds',
    schema: walletSchemas['POST /user/wallet/top-ups'],
    handler: ({ ctx, caller, body, headers }) => createTopUp(ctx, caller.userId, body, parseTopUpScenarios(ctx, headers?.[SCENARIO_HEADER])),
  }),
  defineRoute({
    method: 'POST',
    url: '/user/wallet/top-ups/preview',
    scope: 'wallet:read',
    tag: 'Wallet',
    summary: 'What POST /user/wallet/top-ups with this body would charge and credit (fee, rate, what arrives, when), by the same rules; nothing is written',
    schema: walletSchemas['POST /user/wallet/top-ups/preview'],
    handler: ({ ctx, caller, body, headers }) => previewTopUp(ctx, caller.userId, body, parseTopUpScenarios(ctx, headers?.[SCENARIO_HEADER])),
  }),
  defineRoute({
    method: 'GET',
    url: '/user/wallet/top-ups',
    scope: 'wallet:read',
    tag: 'Wallet',
    summary: 'Your top-ups, newest first (cursor paging: startingAfter = a top-up id)',
    schema: walletSchemas['GET /user/wallet/top-ups'],
    handler: ({ ctx, caller, query }) =>
      listTopUps(ctx, caller.userId, { page: query.page, limit: query.limit ?? DEFAULT_LIMIT, startingAfter: query.startingAfter }),
  }),
];
