import type { Migration } from '../migrate.js';

/**
 * Domestic tracking events as data (issue 17 item 7): `code` and `params` (JSON) beside the English
 * description, so the UI words an event in its own language. Older rows keep NULL and show the description.
 */
export const logisticsCodes: Migration = {
  version: 12,
  name: 'logistics codes',
  up: /* sql */ `
ALTER TABLE order_logistics_events ADD COLUMN code TEXT;
ALTER TABLE order_logistics_events ADD COLUMN params TEXT;
`,
};
