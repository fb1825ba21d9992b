import type { CoreContext } from '../context.js';
import { badRequest, notFound, unprocessable } from '../shared/errors.js';
import { formatAmount, toAmount, type Minor } from '../shared/money.js';
import { postEntry, walletState, type EntryType } from './ledger.js';

/**
 * The back office's own money movements: deposits (users top up through the operator, never through the
 * open API) and signed adjustments. Both are ledger entries like any other, so the balance stays the sum
 * of the ledger.
 */
export const MAX_ADMIN_AMOUNT: Minor = 100_000_000_000; // 1,000,000,000.00 per entry
/**
 * The most a wallet may hold: 10,000,000,000.00, a thousand times inside the exact-integer range of a
 * double (2^53 minor units), so every sum of balances and amounts the service computes stays exact.
 */
export const MAX_WALLET_BALANCE: Minor = 1_000_000_000_000;
import { MAX_NOTE } from '../../../contract/limits.js';
import type { WalletEntryResult } from '../../../contract/admin/wallet.js';
import { longerThan } from '../shared/text.js';
export { MAX_NOTE } from '../../../contract/limits.js';

function requireUser(ctx: CoreContext, userId: number): void {
  if (!ctx.db.prepare('SELECT 1 FROM users WHERE id = ?').get(userId)) throw notFound(`User ${userId} not found`);
}

function checkNote(note: string | undefined, required: boolean): void {
  if (required && (note === undefined || note.trim() === '')) throw badRequest('note is required');
  if (note !== undefined && longerThan(note, MAX_NOTE)) throw badRequest(`note must be at most ${MAX_NOTE} characters`);
}

function checkSize(amount: Minor): void {
  if (!Number.isSafeInteger(amount) || Math.abs(amount) > MAX_ADMIN_AMOUNT) {
    throw badRequest(`amount must be at most ${formatAmount(MAX_ADMIN_AMOUNT, '').trim()} in size`);
  }
}

/** Money only enters through the back office: a credit that would take the balance past the cap is a 422. */
export function checkBalanceCap(ctx: CoreContext, userId: number, credit: Minor): void {
  if (credit <= 0) return;
  const { balance } = walletState(ctx, userId);
  if (balance + credit > MAX_WALLET_BALANCE) {
    throw unprocessable(
      `A wallet may hold at most ${formatAmount(MAX_WALLET_BALANCE, ctx.currency)}; this would take the balance to ${formatAmount(balance + credit, ctx.currency)}`,
    );
  }
}

function result(ctx: CoreContext, userId: number, type: EntryType, amount: Minor, transactionId: number): WalletEntryResult {
  const state = walletState(ctx, userId);
  return {
    transactionId,
    userId,
    type,
    amount: toAmount(amount),
    balance: toAmount(state.balance),
    frozenBalance: toAmount(state.frozen),
    availableBalance: toAmount(state.available),
    currency: ctx.currency,
  };
}

export function depositToWallet(ctx: CoreContext, input: { userId: number; amount: Minor; note?: string }): WalletEntryResult {
  if (input.amount <= 0) throw badRequest('amount must be greater than 0');
  checkSize(input.amount);
  checkNote(input.note, false);
  return ctx.db
    .transaction(() => {
      requireUser(ctx, input.userId);
      checkBalanceCap(ctx, input.userId, input.amount);
      const entry = postEntry(ctx, {
        userId: input.userId,
        type: 'deposit',
        amount: input.amount,
        reference: 'back-office',
        description: input.note?.trim() || 'Deposit by the back office',
      });
      return result(ctx, input.userId, 'deposit', input.amount, entry.id);
    })
    .immediate();
}

/**
 * A signed correction with a mandatory note. A debit may not take the available balance (balance minus
 * money frozen for pending shipping orders) below zero: 422, as this is a rule on the operator's request,
 * not a payment the user is short for.
 */
export function adjustWallet(ctx: CoreContext, input: { userId: number; amount: Minor; note: string }): WalletEntryResult {
  if (input.amount === 0) throw badRequest('amount must not be 0');
  checkSize(input.amount);
  checkNote(input.note, true);
  return ctx.db
    .transaction(() => {
      requireUser(ctx, input.userId);
      checkBalanceCap(ctx, input.userId, input.amount);
      const state = walletState(ctx, input.userId);
      if (state.available + input.amount < 0) {
        throw unprocessable(
          `An adjustment of ${formatAmount(input.amount, ctx.currency)} would take the available balance below zero (available: ${formatAmount(state.available, ctx.currency)})`,
        );
      }
      const entry = postEntry(ctx, { userId: input.userId, type: 'adjustment', amount: input.amount, reference: 'back-office', description: input.note.trim() });
      return result(ctx, input.userId, 'adjustment', input.amount, entry.id);
    })
    .immediate();
}
