import type { ExportDefinition } from './export-kind.js';
import { chunkOf } from './export-kind.js';
import { transactionExportRows } from './rows.js';

/**
 * The user's wallet ledger. Entries are written in time order (the service clock only moves forward),
 * so the entry id is the keyset (index wallet_entries_user / wallet_entries_user_type); `at` is carried
 * only to share the cursor shape.
 */
export const transactionsExport: ExportDefinition = {
  kind: 'transactions',
  header: ['id', 'type', 'amount', 'balanceAfter', 'currency', 'reference', 'description', 'createdAt'],
  chunk(ctx, userId, filter, after, limit) {
    const type = filter.type === undefined ? { sql: '', args: [] } : { sql: ' AND type = ?', args: [filter.type] };
    const rows = transactionExportRows.all(
      ctx.db.prepare(
        `SELECT id AS rowid, id, type, amount_minor, balance_after_minor, currency, reference, description, created_at
         FROM wallet_entries WHERE user_id = ?${type.sql} AND id > ? AND created_at >= ? AND created_at < ?
         ORDER BY id LIMIT ?`,
      ).all(userId, ...type.args, after?.rowid ?? 0, filter.from, filter.to, limit),
    );
    return chunkOf(rows, limit, (r) => [
      { integer: r.id },
      r.type,
      { amount: r.amount_minor },
      { amount: r.balance_after_minor },
      r.currency,
      r.reference,
      r.description,
      r.created_at,
    ]);
  },
};
