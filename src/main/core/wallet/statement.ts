import type { CoreContext } from '../context.js';
import { toAmount } from '../shared/money.js';
import { offsetOf, pageOf, type Page, type PageQuery } from '../shared/pagination.js';
import { walletState, type EntryType } from './ledger.js';

/** The read side of the wallet: the balance view and the statement of ledger entries. */
export interface BalanceView {
  balance: number;
  frozenBalance: number;
  availableBalance: number;
  currency: string;
}

export interface TransactionView {
  id: number;
  type: EntryType;
  /** Signed: credits positive, debits negative. */
  amount: number;
  balanceAfter: number;
  currency: string;
  reference: string;
  description: string;
  createdAt: string;
}

interface EntryRow {
  id: number;
  type: EntryType;
  amount_minor: number;
  balance_after_minor: number;
  currency: string;
  reference: string;
  description: string;
  created_at: string;
}

export function balanceView(ctx: CoreContext, userId: number): BalanceView {
  const state = walletState(ctx, userId);
  return {
    balance: toAmount(state.balance),
    frozenBalance: toAmount(state.frozen),
    // The schema keeps balance >= frozen; the floor guards the contract's "never negative" regardless.
    availableBalance: toAmount(Math.max(0, state.available)),
    currency: ctx.currency,
  };
}

export interface TransactionQuery extends PageQuery {
  type?: EntryType;
}

/** Newest first (by entry id, which follows the order entries were written in). */
export function listTransactions(ctx: CoreContext, userId: number, query: TransactionQuery): Page<TransactionView> {
  const type = query.type ?? null;
  const rows = ctx.db
    .prepare(
      `SELECT id, type, amount_minor, balance_after_minor, currency, reference, description, created_at
         FROM wallet_entries WHERE user_id = ? AND (? IS NULL OR type = ?)
        ORDER BY id DESC LIMIT ? OFFSET ?`,
    )
    .all(userId, type, type, query.limit, offsetOf(query)) as EntryRow[];
  const total = (
    ctx.db.prepare('SELECT COUNT(*) AS n FROM wallet_entries WHERE user_id = ? AND (? IS NULL OR type = ?)').get(userId, type, type) as { n: number }
  ).n;
  const items = rows.map((r) => ({
    id: r.id,
    type: r.type,
    amount: toAmount(r.amount_minor),
    balanceAfter: toAmount(r.balance_after_minor),
    currency: r.currency,
    reference: r.reference,
    description: r.description,
    createdAt: r.created_at,
  }));
  return pageOf(items, total, query);
}
