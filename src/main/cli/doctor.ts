import type { Command } from 'commander';
import { existsSync, readdirSync } from 'node:fs';
import type { CoreContext } from '../core/context.js';
import { databaseFile } from '../core/data-dir.js';
import { runMoneyChecks, type MoneyCheckName } from '../core/data/money-checks.js';
import { plural } from './args.js';
import { runSqliteChecks, startSqliteChecks, type SqliteCheckResult } from './doctor-sqlite.js';
import { DataFolderReadOnly, existingDataDir, withCore, withCoreAsync } from './with-core.js';
import { worldDir, worldsRoot } from '../core/worlds/files.js';
import { unregisteredFolderIsHalfMade, WorldRegistry } from '../core/worlds/registry.js';
import { DEFAULT_WORLD } from '../core/worlds/world-id.js';

/**
 * `crossbuy doctor`: is this data dir sound? SQLite's own integrity check, every wallet against its
 * ledger, and the orders against the ledger and coupons. Prints a report; exit status 1 on any failure.
 */
export interface DoctorCheck {
  name: string;
  ok: boolean;
  summary: string;
  /** The first MAX_LISTED problems; `problemCount` has them all. */
  problems: string[];
  problemCount: number;
  /** How long the check took (printed with --timings). */
  ms?: number;
  /** Why the check could not run (a damaged database): it is neither passed nor failed, and `ok` is false. */
  notRun?: string;
}

/** The money checks' names, in the order they are reported. */
const CORE_CHECKS: readonly MoneyCheckName[] = ['ledger', 'orders', 'shipping', 'top-ups'];

function notRun(name: string, reason: string): DoctorCheck {
  return { name, ok: false, summary: 'not run', problems: [], problemCount: 0, notRun: reason };
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The money checks, or each reported as not run when the database cannot be read to their end. */
function coreChecksOrNotRun(ctx: CoreContext): DoctorCheck[] {
  try {
    return coreChecks(ctx);
  } catch (error) {
    return CORE_CHECKS.map((name) => notRun(name, `the database could not be read (${messageOf(error)})`));
  }
}

/** How many problems of one check are kept and printed; the count is always given. */
const MAX_LISTED = 20;

/** Keeps the first MAX_LISTED problems and counts the rest: constant memory however many there are. */
class ProblemList {
  readonly listed: string[] = [];
  count = 0;
  add = (problem: string): void => {
    this.count++;
    if (this.listed.length < MAX_LISTED) this.listed.push(problem);
  };
}

function check(name: string, summary: string, list: ProblemList, ms?: number): DoctorCheck {
  return { name, ok: list.count === 0, summary, problems: list.listed, problemCount: list.count, ...(ms === undefined ? {} : { ms }) };
}

/**
 * The money checks (core/data/money-checks.ts, which a restore runs too): every wallet against its ledger,
 * every order, shipping record and top-up against the ledger. They stream (constant memory whatever the
 * size of the folder).
 */
function coreChecks(ctx: CoreContext): DoctorCheck[] {
  const problems = { ledger: new ProblemList(), orders: new ProblemList(), shipping: new ProblemList(), 'top-ups': new ProblemList() } satisfies Record<MoneyCheckName, ProblemList>;
  const ms: Partial<Record<MoneyCheckName, number>> = {};
  const counts = runMoneyChecks(ctx, (name, problem) => problems[name].add(problem), (name, took) => (ms[name] = took));
  return [
    check('ledger', `${plural(counts.ledger, 'wallet')}: balance = sum of ledger entries, frozen = active holds, available >= 0`, problems.ledger, ms.ledger),
    check('orders', `${plural(counts.orders, 'order')}: total = subtotal - discount + serviceFee, paid once, refunds <= payments, coupons`, problems.orders, ms.orders),
    check(
      'shipping',
      `${plural(counts.shipping, 'shipping record')} (shipping orders, serviced packages, rehearsals): holds = fee + premium + storage while pending, captured once at dispatch, payouts <= declared value + fee, service charges = prices`,
      problems.shipping,
      ms.shipping,
    ),
    check('top-ups', `${plural(counts['top-ups'], 'top-up')}: a succeeded one credited once by a deposit of its credited amount, a pending or failed one never`, problems['top-ups'], ms['top-ups']),
  ];
}

function sqliteChecks(result: SqliteCheckResult, full: boolean): DoctorCheck[] {
  const asCheck = (name: string, summary: string, part: SqliteCheckResult['integrity']): DoctorCheck => ({
    name,
    ok: part.count === 0,
    summary,
    problems: part.problems,
    problemCount: part.count,
    ms: part.ms,
  });
  const { integrity, foreignKeys } = result;
  // A check SQLite could not finish: the integrity check's message is its failure (a damaged page); the
  // foreign keys cannot be checked on a damaged database.
  const integrityCheck = asCheck('database integrity', full ? 'PRAGMA integrity_check' : 'PRAGMA quick_check (--full: integrity_check)', integrity);
  if (integrity.error !== undefined) {
    integrityCheck.ok = false;
    integrityCheck.problems = [...integrity.problems, integrity.error].slice(0, MAX_LISTED);
    integrityCheck.problemCount = integrity.count + 1;
  }
  const references = foreignKeys.error === undefined ? asCheck('references', 'PRAGMA foreign_key_check', foreignKeys) : notRun('references', `the database could not be read (${foreignKeys.error})`);
  return [integrityCheck, references];
}

/** Every check on this connection, one after the other (tests, the desktop app). */
export function runDoctorChecks(ctx: CoreContext, options: { full?: boolean } = {}): DoctorCheck[] {
  const full = options.full ?? false;
  return [...sqliteChecks(runSqliteChecks(ctx.db, { full, maxListed: MAX_LISTED }), full), ...coreChecksOrNotRun(ctx)];
}

/** The same checks, SQLite's in a worker thread beside the core's: what `crossbuy doctor` runs. */
export async function runDoctorChecksInParallel(ctx: CoreContext, file: string, options: { full?: boolean } = {}): Promise<DoctorCheck[]> {
  const full = options.full ?? false;
  const sqlite = startSqliteChecks(file, { full, maxListed: MAX_LISTED });
  // The worker needs a moment to start: the core's checks run meanwhile on this thread.
  await new Promise((resolve) => setImmediate(resolve));
  const core = coreChecksOrNotRun(ctx);
  return [...sqliteChecks(await sqlite, full), ...core];
}

export function formatDoctorReport(dbFile: string, checks: readonly DoctorCheck[], options: { timings?: boolean } = {}): string {
  const lines = [`crossbuy doctor: ${dbFile}`];
  for (const check of checks) {
    const took = options.timings && check.ms !== undefined ? ` (${Math.round(check.ms)} ms)` : '';
    if (check.notRun !== undefined) {
      lines.push(`skip  ${check.name}: not run: ${check.notRun}`);
      continue;
    }
    lines.push(`${check.ok ? 'ok  ' : 'FAIL'}  ${check.name}: ${check.summary}${took}`);
    for (const problem of check.problems) lines.push(`        - ${problem}`);
    if (check.problemCount > check.problems.length) lines.push(`        ... and ${check.problemCount - check.problems.length} more`);
  }
  const failed = checks.filter((c) => !c.ok && c.notRun === undefined).length;
  const skipped = checks.filter((c) => c.notRun !== undefined).length;
  const notRunNote = skipped === 0 ? '' : `, ${skipped} not run`;
  lines.push(failed === 0 && skipped === 0 ? 'all checks passed' : `${plural(failed, 'check')} failed${notRunNote}`);
  return `${lines.join('\n')}\n`;
}

/** One database's checks, opened on its own (a world's, or the data folder's). */
async function checkDatabase(dir: string, full: boolean | undefined): Promise<{ file: string; checks: DoctorCheck[] }> {
  const file = databaseFile(dir);
  let checks: DoctorCheck[];
  try {
    checks = await withCoreAsync(dir, (core) => runDoctorChecksInParallel(core.ctx, file, { full }));
  } catch (error) {
    if (error instanceof DataFolderReadOnly) throw error;
    // The core could not open the database (a damaged one fails as it is read): SQLite's checks, on a
    // read-only connection of their own, say what is wrong; the money checks cannot run.
    const sqlite = sqliteChecks(await startSqliteChecks(file, { full: full ?? false, maxListed: MAX_LISTED }), full ?? false);
    const reason = `the database could not be opened (${messageOf(error)})`;
    const opened: DoctorCheck[] = sqlite[0]!.ok ? [{ name: 'database', ok: false, summary: 'opened by crossbuy', problems: [messageOf(error)], problemCount: 1 }] : [];
    checks = [...sqlite, ...opened, ...CORE_CHECKS.map((name) => notRun(name, reason))];
  }
  return { file, checks };
}

/** The worlds' check, or reported as not run when the registry cannot be read. */
function registryCheckOrNotRun(dir: string): DoctorCheck {
  try {
    return withCore(dir, (core) => worldRegistryCheck(dir, new WorldRegistry(core.ctx.db)));
  } catch (error) {
    if (error instanceof DataFolderReadOnly) throw error;
    return notRun('worlds', `the world registry could not be read (${messageOf(error)})`);
  }
}

/**
 * The worlds of the folder as a whole: no world half made (a crash while one was created), no registered
 * world without its database, no world folder without its registry row. Streams the registry.
 */
function worldRegistryCheck(dataDir: string, registry: WorldRegistry): DoctorCheck {
  const started = performance.now();
  const problems = new ProblemList();
  let count = 0;
  for (const id of registry.unfinished()) problems.add(`${id}: left half made (removed at the next start)`);
  for (const id of registry.ids()) {
    count++;
    if (!existsSync(databaseFile(worldDir(dataDir, id)))) problems.add(`${id}: registered, but its database is missing`);
  }
  const root = worldsRoot(dataDir);
  if (existsSync(root)) {
    for (const entry of readdirSync(root)) {
      if (entry.startsWith('.') || registry.get(entry)) continue;
      problems.add(
        unregisteredFolderIsHalfMade(dataDir, entry)
          ? `${entry}: left half made (removed at the next start)`
          : `${entry}: a whole world folder without a registry row (registered again at the next start)`,
      );
    }
  }
  return check('worlds', `${plural(count, 'world')} registered besides the default one, each whole`, problems, performance.now() - started);
}

export function registerDoctorCommand(program: Command): void {
  program
    .command('doctor')
    .description('check the data dir and every world in it: SQLite integrity, every wallet against its ledger, order invariants (exit 1 on failure)')
    .option('--data <dir>', 'data directory')
    .option('--world <id>', 'check this world only (`default`: the data folder\'s own database)')
    .option('--json', 'print the checks as JSON (one line per database checked)')
    .option('--full', 'PRAGMA integrity_check (compares every index with its table; slower) instead of quick_check')
    .option('--timings', 'print how long each check took (with --json, `ms` is always there)')
    .action(async (options: { data?: string; world?: string; json?: boolean; full?: boolean; timings?: boolean }) => {
      const dir = existingDataDir(options.data);
      let failed = false;
      const report = (world: string, database: string, checks: DoctorCheck[]) => {
        failed ||= !checks.every((c) => c.ok);
        const ok = checks.every((c) => c.ok);
        process.stdout.write(options.json ? `${JSON.stringify({ world, database, ok, checks })}\n` : formatDoctorReport(database, checks, { timings: options.timings }));
      };
      // One world at a time, each reported as it is done: memory stays flat whatever the number of worlds.
      if (options.world === undefined || options.world === DEFAULT_WORLD) {
        const own = await checkDatabase(dir, options.full);
        const registry = registryCheckOrNotRun(dir);
        report(DEFAULT_WORLD, own.file, options.world === undefined ? [...own.checks, registry] : own.checks);
      }
      if (options.world !== DEFAULT_WORLD) {
        try {
          await withCoreAsync(dir, async (core) => {
            const registry = new WorldRegistry(core.ctx.db);
            if (options.world !== undefined && !registry.get(options.world)) throw new Error(`no world ${options.world} in ${dir}`);
            // The registry read a page at a time: memory stays flat whatever the number of worlds.
            for (const id of options.world === undefined ? registry.ids() : [options.world]) {
              const worldFolder = worldDir(dir, id);
              if (!existsSync(databaseFile(worldFolder))) continue; // reported by the registry check
              const { file: worldFile, checks } = await checkDatabase(worldFolder, options.full);
              report(id, worldFile, checks);
            }
          });
        } catch (error) {
          // Every world: a default database that cannot be read has said so in its report above (its
          // `worlds` check not run); the worlds it lists cannot be found without it.
          if (options.world !== undefined || error instanceof DataFolderReadOnly || !failed) throw error;
        }
      }
      if (failed) process.exitCode = 1;
    });
}
