import type { CoreContext } from '../context.js';
import type { InvariantProblem } from '../orders/invariants.js';
import { topUpMoneyRows } from './rows.js';

/**
 * What must hold between top-ups and the ledger (extensions.md section 12), whatever happened:
 * `crossbuy doctor` and the money property test check it. A succeeded top-up has exactly one `deposit`
 * entry (the one it names) of its `credited` amount, to its user; a pending or failed one has none, and
 * credited = converted amount - fee was fixed at creation (credited > 0 by the table's CHECK). Streams rows.
 * Problems are reported under `orderNo` = "top-up <id>" (the reference its entry carries).
 */
export function forEachTopUpProblem(ctx: Pick<CoreContext, 'db'>, report: (p: InvariantProblem) => void): number {
  let count = 0;
  const rows = topUpMoneyRows.each(
    ctx.db.prepare(
      `SELECT t.id, t.user_id, t.status, t.credited_minor, t.entry_id, e.type AS entry_type, e.amount_minor AS entry_amount, e.user_id AS entry_user,
              (SELECT COUNT(*) FROM wallet_entries r WHERE r.reference = 'top-up ' || t.id) AS entries
         FROM wallet_top_ups t LEFT JOIN wallet_entries e ON e.id = t.entry_id ORDER BY t.id`,
    ).iterate(),
  );
  for (const r of rows) {
    count++;
    const orderNo = `top-up ${r.id}`;
    if (r.status === 'succeeded') {
      if (r.entry_id === null || r.entry_type !== 'deposit' || r.entry_amount !== r.credited_minor || r.entry_user !== r.user_id) {
        report({ orderNo, problem: `succeeded, but its deposit entry ${r.entry_id ?? 'is missing'} is not ${r.credited_minor} minor units to user ${r.user_id}` });
      }
      if (r.entries !== 1) report({ orderNo, problem: `succeeded with ${r.entries} ledger entries (exactly one deposit expected)` });
    } else if (r.entry_id !== null || r.entries !== 0) {
      report({ orderNo, problem: `${r.status}, yet ${r.entries} ledger entries credit it` });
    }
  }
  return count;
}
