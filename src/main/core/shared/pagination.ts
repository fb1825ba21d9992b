import { badRequest } from './errors.js';

/** The page a list read takes, defaults applied: page and limit, or a cursor (the contract's PageQuery and CursorQuery, resolved). */
export interface Paging {
  page: number;
  limit: number;
  /**
   * Cursor paging (as Stripe's `starting_after`): the items after this one, in the list's order. The id of
   * an item of the list (an order or shipping order number, an entry or package id). Used instead of page.
   */
  startingAfter?: string;
}

export type { Page };
import { DEFAULT_PAGE } from '../../../contract/limits.js';
import type { Page } from '../../../contract/common.js';
export { DEFAULT_LIMIT, DEFAULT_PAGE, MAX_LIMIT } from '../../../contract/limits.js';

export function offsetOf(query: Paging): number {
  return (query.page - 1) * query.limit;
}

export function pageOf<T>(items: T[], total: number, query: Paging): Page<T> {
  return { items, total, page: query.page, limit: query.limit };
}

/** The cursor of a query, or null for page paging. A page other than 1 with a cursor is a 400. */
export function cursorOf(query: Paging): string | null {
  if (query.startingAfter === undefined) return null;
  if (query.page !== DEFAULT_PAGE) throw badRequest('Use either page or startingAfter, not both');
  return query.startingAfter;
}

/** A cursor naming an integer id (ledger entries, packages); 400 when it is not one. */
export function integerCursor(cursor: string): number {
  const id = /^[1-9]\d{0,15}$/.test(cursor) ? Number(cursor) : NaN;
  if (!Number.isSafeInteger(id)) throw badRequest('startingAfter must be the id of an item of this list');
  return id;
}

export function unknownCursor(): never {
  throw badRequest('startingAfter must be the id of an item of this list');
}

/**
 * A list that pages by cursor only (CursorOnlyQuery): `page` other than 1 is a 400 pointing at the cursor,
 * since an ignored page would hand a page walker the first page forever. `list` and `cursor` word the hint.
 */
export function requireFirstPage(page: number | undefined, list: string, cursor: string): void {
  if ((page ?? DEFAULT_PAGE) !== DEFAULT_PAGE) throw badRequest(`The ${list} list pages by cursor: pass startingAfter=<${cursor}> instead of page`);
}
