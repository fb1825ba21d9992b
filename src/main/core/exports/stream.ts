import type { ExportFilter, ExportKind } from '../../../contract/open/exports.js';
import type { CoreContext } from '../context.js';
import { groupCommit } from '../db/group-commit.js';
import { badRequest } from '../shared/errors.js';
import { csvRow } from './csv.js';
import type { ExportDefinition, NormalizedFilter } from './export-kind.js';
import { ordersExport } from './orders.js';
import { shippingExport } from './shipping.js';
import { transactionsExport } from './transactions.js';

export const EXPORTS: Record<ExportKind, ExportDefinition> = { orders: ordersExport, transactions: transactionsExport, shipping: shippingExport };

/** Rows per query: one chunk of CSV in memory at a time, whatever the export's size. */
export const CHUNK_ROWS = 500;

/** The earliest and latest timestamps the stored ISO form can hold: an open end of the period. */
const BEGINNING = '0000-01-01T00:00:00.000Z';
const END = '9999-12-31T23:59:59.999Z';

/** `from`/`to` in the stored form (so text comparison is time comparison); 400 for an empty period. */
export function normalizeFilter(filter: ExportFilter): NormalizedFilter {
  const iso = (value: string | undefined, name: string, fallback: string) => {
    if (value === undefined) return fallback;
    const ms = Date.parse(value);
    if (Number.isNaN(ms)) throw badRequest(`${name} must be an ISO 8601 date-time`);
    return new Date(ms).toISOString();
  };
  const from = iso(filter.from, 'from', BEGINNING);
  const to = iso(filter.to, 'to', END);
  if (from >= to && filter.from !== undefined && filter.to !== undefined) throw badRequest('from must be before to');
  return { ...filter, from, to };
}

/** The file name a download is saved under, dated by the service clock: crossbuy-orders-2026-11-24.csv. */
export function exportFileName(kind: ExportKind, now: Date): string {
  return `crossbuy-${kind}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * The export as CSV text, a chunk of rows at a time, oldest first: the header row, then each chunk read
 * by its own query. Shared by the HTTP route and `crossbuy export`. A chunk read while a group-commit
 * batch was open may contain the batch's rows: it is handed on only once that batch is durable, as any
 * read's answer is.
 */
export async function* csvChunks(ctx: CoreContext, kind: ExportKind, userId: number, filter: NormalizedFilter): AsyncGenerator<string> {
  const definition = EXPORTS[kind];
  yield csvRow([...definition.header]);
  let after = null;
  do {
    const chunk = definition.chunk(ctx, userId, filter, after, CHUNK_ROWS);
    const commit = groupCommit(ctx.db).settled();
    if (commit !== null) await commit;
    if (chunk.rows.length > 0) yield chunk.rows.map(csvRow).join('');
    after = chunk.next;
  } while (after !== null);
}
