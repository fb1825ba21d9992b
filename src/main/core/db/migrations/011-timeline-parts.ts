import type { Migration } from '../migrate.js';

/**
 * Timeline entries as data (issue 17 item 7): `parts` holds the note's codes and values as JSON, so the UI
 * words an entry in its own language. Older rows keep NULL and are shown by their English note.
 */
export const timelineParts: Migration = {
  version: 11,
  name: 'timeline parts',
  up: /* sql */ `
ALTER TABLE order_timeline ADD COLUMN parts TEXT;
`,
};
