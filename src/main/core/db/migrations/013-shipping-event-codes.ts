import type { Migration } from '../migrate.js';

/**
 * International shipping events and inspection notes as data (issue 17 item 7): `code` and `params` (JSON)
 * beside a shipping event's English description, and `inspection_notes_parts` (JSON, the timeline's parts
 * shape) beside an order's English inspection notes, so the UI words them in its own language. Older rows
 * and notes an operator typed keep NULL and show the English text.
 */
export const shippingEventCodes: Migration = {
  version: 13,
  name: 'shipping event codes',
  up: /* sql */ `
ALTER TABLE shipping_events ADD COLUMN code TEXT;
ALTER TABLE shipping_events ADD COLUMN params TEXT;
ALTER TABLE orders ADD COLUMN inspection_notes_parts TEXT;
`,
};
