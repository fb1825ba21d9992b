import type { CoreContext } from '../context.js';
import { forEachOrderProblem } from '../orders/invariants.js';
import { forEachShippingProblem } from '../shipping/invariants.js';
import { formatAmount } from '../shared/money.js';
import { auditLedger } from '../wallet/ledger.js';
import { forEachTopUpProblem } from '../wallet/top-up-invariants.js';

/** The money checks, by the name `crossbuy doctor` prints. */
export type MoneyCheckName = 'ledger' | 'orders' | 'shipping' | 'top-ups';

/**
 * Every money check, one implementation: `crossbuy doctor` reports what they find, and a restore refuses a
 * file on which any finds a problem (backup-check.ts). One list, so a check added for a new kind of money
 * (top-ups were) guards both. Each problem is reported under its check; returns how many records each read.
 */
export function runMoneyChecks(
  ctx: Pick<CoreContext, 'db' | 'currency'>,
  report: (check: MoneyCheckName, problem: string) => void,
  /** How long each check took (`crossbuy doctor --timings`). */
  took?: (check: MoneyCheckName, ms: number) => void,
): Record<MoneyCheckName, number> {
  const money = (minor: number) => formatAmount(minor, ctx.currency);
  const timed = <T>(check: MoneyCheckName, run: () => T): T => {
    const started = performance.now();
    const result = run();
    took?.(check, performance.now() - started);
    return result;
  };
  const wallets = timed('ledger', () => auditLedger(ctx));
  for (const w of wallets) {
    if (w.ok) continue;
    report(
      'ledger',
      `user ${w.userId}: balance ${money(w.cachedBalance)}, ledger sum ${money(w.ledgerSum)}, last balanceAfter ` +
        `${w.lastBalanceAfter === null ? 'none' : money(w.lastBalanceAfter)}, frozen ${money(w.cachedFrozen)}, active holds ${money(w.activeHolds)}`,
    );
  }
  const orders = timed('orders', () => forEachOrderProblem(ctx, (p) => report('orders', `${p.orderNo}: ${p.problem}`)));
  const shipping = timed('shipping', () => forEachShippingProblem(ctx, (p) => report('shipping', `${p.orderNo}: ${p.problem}`)));
  const topUps = timed('top-ups', () => forEachTopUpProblem(ctx, (p) => report('top-ups', `${p.orderNo}: ${p.problem}`)));
  return { ledger: wallets.length, orders, shipping, 'top-ups': topUps };
}
