import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import type { CoreContext } from '../core/context.js';
import { databaseFile } from '../core/data-dir.js';
import { checkOrderInvariants } from '../core/orders/invariants.js';
import { formatAmount } from '../core/shared/money.js';
import { auditLedger } from '../core/wallet/ledger.js';
import { resolveDataDir } from './args.js';
import { withCore } from './with-core.js';

/**
 * `crossbuy doctor`: is this data dir sound? SQLite's own integrity check, every wallet against its
 * ledger, and the orders against the ledger and coupons. Prints a report; exit status 1 on any failure.
 */
export interface DoctorCheck {
  name: string;
  ok: boolean;
  summary: string;
  problems: string[];
}

/** How many problems of one check are printed; the count is always given. */
const MAX_LISTED = 20;

export function runDoctorChecks(ctx: CoreContext): DoctorCheck[] {
  const integrity = (ctx.db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
  const foreignKeys = ctx.db.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[];
  const wallets = auditLedger(ctx);
  const badWallets = wallets.filter((w) => !w.ok);
  const orders = (ctx.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;
  const orderProblems = checkOrderInvariants(ctx);
  const money = (minor: number) => formatAmount(minor, ctx.currency);
  return [
    {
      name: 'database integrity',
      ok: integrity.length === 1 && integrity[0] === 'ok',
      summary: 'PRAGMA integrity_check',
      problems: integrity.filter((line) => line !== 'ok'),
    },
    {
      name: 'references',
      ok: foreignKeys.length === 0,
      summary: 'PRAGMA foreign_key_check',
      problems: foreignKeys.map((f) => `${f.table} row ${f.rowid} points at a missing ${f.parent} row`),
    },
    {
      name: 'ledger',
      ok: badWallets.length === 0,
      summary: `${wallets.length} wallet(s): balance = sum of ledger entries, frozen = active holds, available >= 0`,
      problems: badWallets.map(
        (w) =>
          `user ${w.userId}: balance ${money(w.cachedBalance)}, ledger sum ${money(w.ledgerSum)}, last balanceAfter ` +
          `${w.lastBalanceAfter === null ? 'none' : money(w.lastBalanceAfter)}, frozen ${money(w.cachedFrozen)}, active holds ${money(w.activeHolds)}`,
      ),
    },
    {
      name: 'orders',
      ok: orderProblems.length === 0,
      summary: `${orders} order(s): total = subtotal - discount + serviceFee, paid once, refunds <= payments, coupons`,
      problems: orderProblems.map((p) => `${p.orderNo}: ${p.problem}`),
    },
  ];
}

export function formatDoctorReport(dbFile: string, checks: readonly DoctorCheck[]): string {
  const lines = [`crossbuy doctor: ${dbFile}`];
  for (const check of checks) {
    lines.push(`${check.ok ? 'ok  ' : 'FAIL'}  ${check.name}: ${check.summary}`);
    for (const problem of check.problems.slice(0, MAX_LISTED)) lines.push(`        - ${problem}`);
    if (check.problems.length > MAX_LISTED) lines.push(`        ... and ${check.problems.length - MAX_LISTED} more`);
  }
  const failed = checks.filter((c) => !c.ok).length;
  lines.push(failed === 0 ? 'all checks passed' : `${failed} check(s) failed`);
  return `${lines.join('\n')}\n`;
}

export function registerDoctorCommand(program: Command): void {
  program
    .command('doctor')
    .description('check the data dir: SQLite integrity, every wallet against its ledger, order invariants (exit 1 on failure)')
    .option('--data <dir>', 'data directory')
    .option('--json', 'print the checks as JSON')
    .action((options: { data?: string; json?: boolean }) => {
      const dir = resolveDataDir(options.data);
      const file = databaseFile(dir);
      // Opening a missing data dir would create and seed a fresh one: report it instead.
      if (!existsSync(file)) throw new Error(`no crossbuy database at ${file}`);
      const checks = withCore(dir, (core) => runDoctorChecks(core.ctx));
      process.stdout.write(options.json ? `${JSON.stringify({ database: file, ok: checks.every((c) => c.ok), checks })}\n` : formatDoctorReport(file, checks));
      if (!checks.every((c) => c.ok)) process.exitCode = 1;
    });
}
