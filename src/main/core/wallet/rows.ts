import { ENTRY_TYPES, TOP_UP_METHODS, TOP_UP_STATUSES } from '../../../contract/enums.js';
import { Int, Nullable, OneOf, Str, pickColumns, rowReader, type RowOf } from '../db/row-reader.js';

/**
 * The wallet tables as SQLite hands them back: each table's columns declared once and checked on every
 * read (db/row-reader.ts). test/unit/db/row-readers.test.ts holds them against the migrated schema.
 */

/** A ledger entry as the statement shows it (its user_id is the query's). */
export const entryRows = rowReader('wallet_entries', {
  id: Int,
  type: OneOf(ENTRY_TYPES),
  amount_minor: Int,
  balance_after_minor: Int,
  currency: Str,
  reference: Str,
  description: Str,
  created_at: Str,
});
export type EntryRow = RowOf<typeof entryRows>;

export const topUpRows = rowReader('wallet_top_ups', {
  id: Int,
  user_id: Int,
  method: OneOf(TOP_UP_METHODS),
  amount_minor: Int,
  currency: Str,
  rate: Str,
  fee_minor: Int,
  credited_minor: Int,
  status: OneOf(TOP_UP_STATUSES),
  scenarios: Str,
  created_at: Str,
  due_at: Nullable(Str),
  completed_at: Nullable(Str),
  failure_reason: Nullable(Str),
});
export type TopUpRow = RowOf<typeof topUpRows>;

export const topUpMethodRows = rowReader('top_up_methods', {
  method: OneOf(TOP_UP_METHODS),
  fee_bp: Int,
  fixed_fee_minor: Int,
  fixed_fee_currency: Str,
  arrival: OneOf(['instant', 'next_business_day']),
  enabled: Int,
});
export type TopUpMethodRow = RowOf<typeof topUpMethodRows>;

/** The doctor's scan (top-up-invariants.ts): a top-up beside the deposit entry it names. */
export const topUpMoneyRows = rowReader('wallet_top_ups (money scan)', {
  id: Int,
  user_id: Int,
  // Any word: the doctor reports what it finds, whatever a damaged folder holds.
  status: Str,
  credited_minor: Int,
  entry_id: Nullable(Int),
  entry_type: Nullable(Str),
  entry_amount: Nullable(Int),
  entry_user: Nullable(Int),
  entries: Int,
});

/** A recorded session's ledger lines (worlds/file/record.ts): an entry's columns, its user_id the query's. */
export const sessionEntryRows = pickColumns(entryRows, 'wallet_entries (session record)', [
  'id',
  'type',
  'amount_minor',
  'balance_after_minor',
  'description',
  'reference',
  'created_at',
]);
