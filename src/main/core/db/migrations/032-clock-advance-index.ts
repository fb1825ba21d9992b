import type { Migration } from '../migrate.js';

/**
 * Recording a world file walks the clock advances newest first when the advance journal cannot answer
 * (worlds/file/record.ts). Without an index that walk read every event back to the oldest advance it
 * needed; this partial index holds only the clock.advanced events, so it costs nothing on the writes that
 * make the other events (an order's, a payment's).
 */
export const clockAdvanceIndex: Migration = {
  version: 32,
  name: 'clock advance index',
  up: /* sql */ `
CREATE INDEX events_clock_advances ON events(id) WHERE type = 'clock.advanced';
`,
};
