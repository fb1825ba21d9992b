import type { Migration } from '../migrate.js';

/**
 * The service's rules (a supplement's expiry, storage alerts and disposal) run whatever the autopilot's
 * pace, `off` included, while its staff steps wait. With the autopilot off the runner looks for the next
 * due step of the rule kinds only: this index finds it in one seek per kind, however many staff steps
 * are queued before it (autopilot/queue.ts nextDueStepOfKinds).
 */
export const ruleStepIndex: Migration = {
  version: 20,
  name: 'rule step index',
  up: /* sql */ `
CREATE INDEX IF NOT EXISTS due_steps_kind_due ON due_steps(kind, due_realistic, subject);
`,
};
