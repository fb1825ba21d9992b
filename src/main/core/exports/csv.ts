import { decimalOf } from '../shared/money.js';

/**
 * One CSV writer for the HTTP exports and `crossbuy export` (RFC 4180: comma-separated, CRLF line ends,
 * a field quoted when it holds a quote, comma, CR or LF, quotes doubled). Pure.
 *
 * Formula injection: a spreadsheet runs a cell that starts with = + - @ (or a tab or CR, which some
 * strip first) as a formula, so a remark or description typed by anyone must never start with one: such
 * text cells get a leading `'` (OWASP's advice). Amounts and integers are numbers the service wrote
 * (`-12.50` is a refund, not a formula) and are never prefixed.
 */
export type Cell = string | null | { amount: number } | { integer: number };

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'object') return 'amount' in cell ? decimalOf(cell.amount) : String(cell.integer);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly Cell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
