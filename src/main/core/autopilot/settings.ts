import type { CoreContext } from '../context.js';
import { readScenarioRates } from '../orders/scenarios.js';
import { readSetting } from '../settings/settings.js';
import { readShippingScenarioRates } from '../shipping/scenarios.js';

/**
 * The autopilot's settings as `GET /admin/autopilot` answers them and a world file's `settings.autopilot`
 * takes them: its pace, the refund rate and every scenario's rate in percent (the order scenarios' and the
 * shipping scenarios', kept in two places). One reader, so a recording cannot leave some rates out.
 */
export function readAutopilotSettings(ctx: CoreContext) {
  return {
    pace: readSetting(ctx.db, 'autopilotPace'),
    refundRate: readSetting(ctx.db, 'autopilotRefundBp') / 100,
    scenarioRates: { ...readScenarioRates(ctx.db), ...readShippingScenarioRates(ctx) },
  };
}
