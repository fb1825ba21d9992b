import type { CoreContext } from '../context.js';
import { emitEvent } from '../events/log.js';
import { ApiError } from '../shared/errors.js';
import { formatAmount, toAmount, type Minor } from '../shared/money.js';

/**
 * The wallet ledger. Entries are append-only (triggers forbid UPDATE and DELETE); `wallets` caches the
 * balance and the frozen amount, and every function here keeps the cache equal to the ledger within the
 * caller's transaction. Callers run these inside the same transaction as the state change they pay for.
 */
import { ENTRY_TYPES, type EntryType } from '../../../contract/enums.js';

export { ENTRY_TYPES, type EntryType };

export interface WalletState {
  balance: Minor;
  frozen: Minor;
  available: Minor;
}

export interface NewEntry {
  userId: number;
  type: EntryType;
  /** Signed: credits positive, debits negative. */
  amount: Minor;
  reference?: string;
  description?: string;
}

function assertInTransaction(ctx: CoreContext): void {
  if (!ctx.db.inTransaction) throw new Error('ledger writes must run inside a transaction');
}

/**
 * Makes sure the cached wallet row exists. Updates then go through plain UPDATEs: an upsert's proposed
 * row would be checked against the table's CHECK before its conflict branch runs.
 */
function ensureWallet(ctx: CoreContext, userId: number): void {
  ctx.db.prepare('INSERT OR IGNORE INTO wallets (user_id, balance_minor, frozen_minor) VALUES (?, 0, 0)').run(userId);
}

export function walletState(ctx: CoreContext, userId: number): WalletState {
  const row = ctx.db.prepare('SELECT balance_minor, frozen_minor FROM wallets WHERE user_id = ?').get(userId) as
    | { balance_minor: number; frozen_minor: number }
    | undefined;
  const balance = row?.balance_minor ?? 0;
  const frozen = row?.frozen_minor ?? 0;
  return { balance, frozen, available: balance - frozen };
}

export function insufficientBalance(ctx: CoreContext, required: Minor, available: Minor): ApiError {
  return new ApiError(
    402,
    `Insufficient balance. Required: ${formatAmount(required, ctx.currency)}. Available: ${formatAmount(available, ctx.currency)}`,
  ).withDetail({ code: 'insufficient_balance', required: toAmount(required), available: toAmount(available) });
}

/**
 * Moves the cached balance of an existing wallet by `amount` unless that would take the available balance
 * below zero (a credit always moves it): one statement, the common case of every payment. Null when the
 * wallet has no row yet or a debit is short; the caller then looks closer.
 */
function moveBalance(ctx: CoreContext, userId: number, amount: Minor): Minor | null {
  const after = ctx.db
    .prepare('UPDATE wallets SET balance_minor = balance_minor + ? WHERE user_id = ? AND balance_minor - frozen_minor + ? >= 0 RETURNING balance_minor')
    .pluck()
    .get(amount, userId, Math.min(amount, 0)) as number | undefined;
  return after ?? null;
}

/** Appends one entry and moves the cached balance with it. A debit beyond the available balance is a 402. */
export function postEntry(ctx: CoreContext, entry: NewEntry): { id: number; balanceAfter: Minor } {
  assertInTransaction(ctx);
  if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) throw new Error('ledger amounts are non-zero integers');
  let balanceAfter = moveBalance(ctx, entry.userId, entry.amount);
  if (balanceAfter === null) {
    const state = walletState(ctx, entry.userId);
    if (entry.amount < 0 && state.available + entry.amount < 0) {
      throw insufficientBalance(ctx, -entry.amount, state.available);
    }
    balanceAfter = state.balance + entry.amount;
    ensureWallet(ctx, entry.userId);
    ctx.db.prepare('UPDATE wallets SET balance_minor = ? WHERE user_id = ?').run(balanceAfter, entry.userId);
  }
  const id = Number(
    ctx.db
      .prepare(
        `INSERT INTO wallet_entries (user_id, type, amount_minor, balance_after_minor, currency, reference, description, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(entry.userId, entry.type, entry.amount, balanceAfter, ctx.currency, entry.reference ?? '', entry.description ?? '', ctx.nowIso())
      .lastInsertRowid,
  );
  emitEvent(ctx, 'wallet.transaction_created', entry.userId, {
    id,
    type: entry.type,
    amount: toAmount(entry.amount),
    balanceAfter: toAmount(balanceAfter),
    currency: ctx.currency,
    reference: entry.reference ?? '',
  });
  return { id, balanceAfter };
}

/** Freezes money for a pending charge (a shipping fee): 402 when the available balance is short. */
export function placeHold(ctx: CoreContext, userId: number, reference: string, amount: Minor): void {
  assertInTransaction(ctx);
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error('holds are positive integers');
  const state = walletState(ctx, userId);
  if (state.available < amount) throw insufficientBalance(ctx, amount, state.available);
  ctx.db
    .prepare(`INSERT INTO wallet_holds (user_id, reference, amount_minor, status, created_at) VALUES (?, ?, ?, 'active', ?)`)
    .run(userId, reference, amount, ctx.nowIso());
  ensureWallet(ctx, userId);
  ctx.db.prepare('UPDATE wallets SET frozen_minor = frozen_minor + ? WHERE user_id = ?').run(amount, userId);
}

function activeHold(ctx: CoreContext, reference: string): { id: number; user_id: number; amount_minor: number } {
  const hold = ctx.db
    .prepare(`SELECT id, user_id, amount_minor FROM wallet_holds WHERE reference = ? AND status = 'active'`)
    .get(reference) as { id: number; user_id: number; amount_minor: number } | undefined;
  if (!hold) throw new Error(`no active hold for ${reference}`);
  return hold;
}

function settleHold(ctx: CoreContext, hold: { id: number; user_id: number; amount_minor: number }, status: 'captured' | 'released'): void {
  ctx.db.prepare('UPDATE wallet_holds SET status = ?, settled_at = ? WHERE id = ?').run(status, ctx.nowIso(), hold.id);
  ctx.db.prepare('UPDATE wallets SET frozen_minor = frozen_minor - ? WHERE user_id = ?').run(hold.amount_minor, hold.user_id);
}

/** Turns a hold into a payment: the frozen amount leaves the wallet as a ledger debit. */
export function captureHold(ctx: CoreContext, reference: string, type: EntryType, description: string): void {
  assertInTransaction(ctx);
  const hold = activeHold(ctx, reference);
  settleHold(ctx, hold, 'captured');
  postEntry(ctx, { userId: hold.user_id, type, amount: -hold.amount_minor, reference, description });
}

/** Gives the frozen amount back to the available balance; no ledger entry, as no money moved. */
export function releaseHold(ctx: CoreContext, reference: string): Minor {
  assertInTransaction(ctx);
  const hold = activeHold(ctx, reference);
  settleHold(ctx, hold, 'released');
  return hold.amount_minor;
}

export interface LedgerAudit {
  userId: number;
  cachedBalance: Minor;
  ledgerSum: Minor;
  cachedFrozen: Minor;
  activeHolds: Minor;
  lastBalanceAfter: Minor | null;
  ok: boolean;
}

/** Recomputes every wallet from its ledger: the invariant `crossbuy doctor` and the tests check. */
export function auditLedger(ctx: Pick<CoreContext, 'db'>): LedgerAudit[] {
  const rows = ctx.db
    .prepare(
      `SELECT u.id AS user_id,
              COALESCE(w.balance_minor, 0) AS cached_balance,
              COALESCE(w.frozen_minor, 0) AS cached_frozen,
              COALESCE((SELECT SUM(amount_minor) FROM wallet_entries e WHERE e.user_id = u.id), 0) AS ledger_sum,
              COALESCE((SELECT SUM(amount_minor) FROM wallet_holds h WHERE h.user_id = u.id AND h.status = 'active'), 0) AS active_holds,
              (SELECT balance_after_minor FROM wallet_entries e WHERE e.user_id = u.id ORDER BY id DESC LIMIT 1) AS last_after
         FROM users u LEFT JOIN wallets w ON w.user_id = u.id ORDER BY u.id`,
    )
    .all() as { user_id: number; cached_balance: number; cached_frozen: number; ledger_sum: number; active_holds: number; last_after: number | null }[];
  return rows.map((r) => ({
    userId: r.user_id,
    cachedBalance: r.cached_balance,
    ledgerSum: r.ledger_sum,
    cachedFrozen: r.cached_frozen,
    activeHolds: r.active_holds,
    lastBalanceAfter: r.last_after,
    ok:
      r.cached_balance === r.ledger_sum &&
      r.cached_frozen === r.active_holds &&
      r.cached_balance - r.cached_frozen >= 0 &&
      (r.last_after === null || r.last_after === r.ledger_sum),
  }));
}
