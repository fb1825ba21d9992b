import type { Command } from 'commander';
import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ENTRY_TYPES, ORDER_STATUSES, SHIPPING_STATUSES } from '../../contract/enums.js';
import { EXPORT_KINDS, type ExportFilter, type ExportKind } from '../../contract/open/exports.js';
import { csvChunks, normalizeFilter } from '../core/exports/stream.js';
import { checkOutFolder, plural } from './args.js';
import { CsvRowCounter } from './csv-rows.js';
import { existingDataDir, withCoreAsync } from './with-core.js';

/** What one row of each export is, singular and plural. */
const ROW_NOUNS: Record<ExportKind, [string, string]> = {
  orders: ['order', 'orders'],
  transactions: ['wallet transaction', 'wallet transactions'],
  shipping: ['shipping order', 'shipping orders'],
};

async function* counted(chunks: AsyncIterable<string>, counter: CsvRowCounter): AsyncGenerator<string> {
  for await (const chunk of chunks) {
    counter.add(chunk);
    yield chunk;
  }
}

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
      const dir = existingDataDir(flags.data);
      checkOutFolder(flags.out);
      const counter = new CsvRowCounter();
      await withCoreAsync(dir, async (core) => {
        const rows = Readable.from(counted(csvChunks(core.ctx, exportKind, APP_USER, filter), counter), { objectMode: false });
        await pipeline(rows, flags.out ? createWriteStream(flags.out) : process.stdout, flags.out ? {} : { end: false });
      });
      // The header is a row too: what was exported is the rest.
      const written = Math.max(0, counter.rows - 1);
      const what = plural(written, ROW_NOUNS[exportKind][0], ROW_NOUNS[exportKind][1]);
      const filtered = [flags.from, flags.to, flags.status, flags.type].some((f) => f !== undefined);
      const nothing = `no ${ROW_NOUNS[exportKind][1]}${filtered ? ' matching the filters' : ''} in ${dir}`;
      // The CSV owns stdout when there is no --out: the note about an empty export goes to stderr then.
      if (flags.out) process.stdout.write(`wrote ${what} to ${resolve(flags.out)}${written === 0 ? ` (${nothing})` : ''}\n`);
      else if (written === 0) process.stderr.write(`crossbuy: ${nothing}\n`);
    });
}
