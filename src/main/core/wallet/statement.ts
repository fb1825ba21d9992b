import type { CoreContext } from '../context.js';
import { toAmount } from '../shared/money.js';
import { cursorOf, integerCursor, offsetOf, pageOf, unknownCursor, type Page, type Paging } from '../shared/pagination.js';
import { walletState, type EntryType } from './ledger.js';
import { entryRows, type EntryRow } from './rows.js';
import type { WalletBalance, WalletTransaction } from '../../../contract/open/wallet.js';

/** A ledger entry as stored (the statement and the CSV export read the same columns). */
export type { EntryRow } from './rows.js';

export function balanceView(ctx: CoreContext, userId: number): WalletBalance {
  const state = walletState(ctx, userId);
  return {
    balance: toAmount(state.balance),
    frozenBalance: toAmount(state.frozen),
    // The schema keeps balance >= frozen; the floor guards the contract's "never negative" regardless.
    availableBalance: toAmount(Math.max(0, state.available)),
    currency: ctx.currency,
  };
}

export interface TransactionQuery extends Paging {
  type?: EntryType;
}

const ENTRY_COLUMNS = 'e.id, e.type, e.amount_minor, e.balance_after_minor, e.currency, e.reference, e.description, e.created_at';

/**
 * Newest first (by entry id, which follows the order entries were written in). Nothing here is
 * proportional to the ledger: the ledger never loses entries, so each has a fixed rank among its user's
 * entries and among those of its type (wallet_entry_ranks, migration 005); the highest rank is the count,
 * page p is the rank range below count - (p-1) * limit, and a cursor seeks to the entry's id.
 */
export function listTransactions(ctx: CoreContext, userId: number, query: TransactionQuery): Page<WalletTransaction> {
  const type = query.type ?? '';
  const count = (ctx.db.prepare('SELECT MAX(seq) FROM wallet_entry_ranks WHERE user_id = ? AND type = ?').pluck().get(userId, type) as number | null) ?? 0;
  const cursor = cursorOf(query);
  let rows: EntryRow[];
  if (cursor === null) {
    rows = entryRows.all(
      ctx.db
        .prepare(
          `SELECT ${ENTRY_COLUMNS} FROM wallet_entry_ranks r CROSS JOIN wallet_entries e ON e.id = r.entry_id
            WHERE r.user_id = ? AND r.type = ? AND r.seq <= ? ORDER BY r.seq DESC LIMIT ?`,
        )
        .all(userId, type, count - offsetOf(query), query.limit),
    );
  } else {
    const after = integerCursor(cursor);
    if (!ctx.db.prepare('SELECT 1 FROM wallet_entries WHERE id = ? AND user_id = ?').get(after, userId)) unknownCursor();
    rows = entryRows.all(
      type
        ? ctx.db
            .prepare(`SELECT ${ENTRY_COLUMNS} FROM wallet_entries e WHERE e.user_id = ? AND e.type = ? AND e.id < ? ORDER BY e.id DESC LIMIT ?`)
            .all(userId, type, after, query.limit)
        : ctx.db.prepare(`SELECT ${ENTRY_COLUMNS} FROM wallet_entries e WHERE e.user_id = ? AND e.id < ? ORDER BY e.id DESC LIMIT ?`).all(userId, after, query.limit),
    );
  }
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
  return pageOf(items, count, query);
}
