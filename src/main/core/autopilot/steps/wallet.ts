import { settleTopUp, TOP_UP_SETTLE_STEP } from '../../wallet/top-ups.js';
import { defineStep } from '../step-kind.js';

/**
 * A pending top-up arrives at a fixed time on the service clock (extensions.md section 12): a bank
 * transfer one business day after it was made, a top-up under review a day after. A service rule, not
 * staff work (role rule: it runs at every autopilot pace, off too): scheduled with scheduleStep(db, kind, id, dueAt) when the top-up is created.
 */
export const walletTopUpSettle = defineStep({
  kind: TOP_UP_SETTLE_STEP,
  role: 'rule',
  run: (ctx, id) => settleTopUp(ctx, Number(id)),
});
