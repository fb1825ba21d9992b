import type { Command } from 'commander';
import { createWriteStream, existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ENTRY_TYPES, ORDER_STATUSES, SHIPPING_STATUSES } from '../../contract/enums.js';
import { EXPORT_KINDS, type ExportFilter, type ExportKind } from '../../contract/open/exports.js';
import { databaseFile } from '../core/data-dir.js';
import { csvChunks, normalizeFilter } from '../core/exports/stream.js';
import { resolveDataDir } from './args.js';
import { withCoreAsync } from './with-core.js';

/** The app's own user: the one the UI shows (the CLI speaks for the person at the machine). */
const APP_USER = 1;

interface ExportFlags {
  out?: string;
  from?: string;
  to?: string;
  status?: string;
  type?: string;
  data?: string;
}

/** The filters an export takes, checked as the HTTP route's schema checks them. */
function filterOf(kind: ExportKind, flags: ExportFlags): ExportFilter {
  const oneOf = (name: string, value: string | undefined, allowed: readonly string[]) => {
    if (value !== undefined && !allowed.includes(value)) throw new Error(`--${name} must be one of: ${allowed.join(', ')}`);
    return value;
  };
  if (kind === 'transactions' && flags.status !== undefined) throw new Error('transactions take --type, not --status');
  if (kind !== 'transactions' && flags.type !== undefined) throw new Error(`${kind} take --status, not --type`);
  return {
    from: flags.from,
    to: flags.to,
    status: kind === 'orders' ? oneOf('status', flags.status, ORDER_STATUSES) : kind === 'shipping' ? oneOf('status', flags.status, SHIPPING_STATUSES) : undefined,
    type: kind === 'transactions' ? oneOf('type', flags.type, ENTRY_TYPES) : undefined,
  };
}

/**
 * `crossbuy export orders|transactions|shipping`: the same CSV as GET /api/v1/open/exports/<kind>.csv
 * (one writer, core/exports/), streamed to a file or stdout, beside a running server or not.
 */
export function registerExportCommand(program: Command): void {
  program
    .command('export')
    .description('write your orders, wallet transactions or shipping orders as CSV (the same as the API\'s /exports)')
    .argument('<kind>', EXPORT_KINDS.join('|'))
    .option('--out <file>', 'write to this file (default: stdout)')
    .option('--from <time>', 'rows created at or after this ISO 8601 time')
    .option('--to <time>', 'rows created before this ISO 8601 time')
    .option('--status <status>', 'orders or shipping: only this status')
    .option('--type <type>', 'transactions: only this entry type')
    .option('--data <dir>', 'data directory')
    .action(async (kind: string, flags: ExportFlags) => {
      if (!(EXPORT_KINDS as readonly string[]).includes(kind)) throw new Error(`export what? one of: ${EXPORT_KINDS.join(', ')}`);
      const exportKind = kind as ExportKind;
      const filter = normalizeFilter(filterOf(exportKind, flags));
      const dir = resolveDataDir(flags.data);
      // Opening a missing data dir would create and seed a fresh one: report it instead.
      if (!existsSync(databaseFile(dir))) throw new Error(`no crossbuy database at ${databaseFile(dir)}`);
      await withCoreAsync(dir, async (core) => {
        const rows = Readable.from(csvChunks(core.ctx, exportKind, APP_USER, filter), { objectMode: false });
        await pipeline(rows, flags.out ? createWriteStream(flags.out) : process.stdout, flags.out ? {} : { end: false });
      });
    });
}
