/**
 * Stable, additive discriminators an error body may carry in `code` (beside statusCode, message, error),
 * so a client can word the problem itself (the UI in its own language) instead of showing `message`.
 * Errors without one keep the three fields alone. Codes are only ever added, never renamed.
 */
export const ERROR_CODES = [
  /** The pasted text is not a Taobao, Tmall, 1688 or Weidian link. */
  'link_not_marketplace',
  /** A short link (m.tb.cn ...): it only redirects, so the item is not in the link. */
  'link_short',
  /** A marketplace link that names no item (a shop or search page). */
  'link_no_item_id',
  /** The link names an item the marketplace does not have. */
  'item_not_found',
  /** An address field breaks the address rules (`field` names it). */
  'address_invalid',
  /** The wallet's available balance cannot pay (402): `required` and `available` say how much. */
  'insufficient_balance',
  /** The world a request names (`Crossbuy-World`, or `?world=`) does not exist: deleted, or another data folder's. */
  'world_not_found',
  /** The world's database was migrated by a newer crossbuy (another process on the folder): this server cannot open it (409). */
  'world_schema_newer',
  /** A world file's step failed or cannot run (422): `step` says which (its index, name and label, and the status it was answered). */
  'world_file_failed',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
