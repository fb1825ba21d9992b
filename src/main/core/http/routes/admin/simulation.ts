import { writeScenarioRates } from '../../../orders/scenarios.js';
import { writeShippingScenarioRates } from '../../../shipping/scenarios.js';
import { advanceClockInSlices, runDueStepsInSlices } from '../../../autopilot/autopilot.js';
import { isPace, PACES } from '../../../autopilot/pace.js';
import { readAutopilotSettings } from '../../../autopilot/settings.js';
import { readSetting, writeSetting } from '../../../settings/settings.js';
import { parseDuration } from '../../../shared/clock.js';
import { ApiError, badRequest, unprocessable } from '../../../shared/errors.js';
import { parseAmount } from '../../../shared/money.js';
import { ServiceClock } from '../../../shared/service-clock.js';
import type { CoreContext } from '../../../context.js';
import { defineRoute } from '../../route.js';
import { adminSimulationSchemas } from '../../../../../contract/admin/simulation.js';

const MAX_ADVANCE_MS = 366 * 86_400_000;

function serviceClock(ctx: CoreContext): ServiceClock {
  if (!(ctx.clock instanceof ServiceClock)) throw unprocessable('This core runs on a test clock that cannot be advanced');
  return ctx.clock;
}

const clockView = (ctx: CoreContext) => ({ now: ctx.nowIso(), offsetMs: readSetting(ctx.db, 'clockOffsetMs') });

const autopilotView = readAutopilotSettings;

export const adminSimulationRoutes = [
  defineRoute({
    method: 'GET',
    url: '/clock',
    scope: null,
    tag: 'Admin',
    summary: 'The service clock',
    schema: adminSimulationSchemas['GET /clock'],
    handler: ({ ctx }) => clockView(ctx),
  }),
  defineRoute({
    method: 'POST',
    url: '/clock/advance',
    scope: null,
    tag: 'Admin',
    summary: 'Move the service clock forward (e.g. "3d", "12h"), running every autopilot step due on the way',
    schema: adminSimulationSchemas['POST /clock/advance'],
    // In slices: other requests are served while a long catch-up runs; the answer comes when it is done.
    handler: async ({ ctx, body }) => {
      const ms = parseDuration(body.by);
      if (ms === null || ms <= 0) throw badRequest('by must be a positive duration such as 90s, 45m, 12h, 3d or 2w');
      if (ms > MAX_ADVANCE_MS) throw badRequest('by must be at most 366d');
      const { finished, ...result } = await advanceClockInSlices(ctx, serviceClock(ctx), ms);
      if (!finished) throw new ApiError(503, 'The server is stopping; the clock stopped at the last step run');
      return { ...result, ...clockView(ctx) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/autopilot',
    scope: null,
    tag: 'Admin',
    summary: 'Autopilot pace and out-of-stock refund rate',
    schema: adminSimulationSchemas['GET /autopilot'],
    handler: ({ ctx }) => autopilotView(ctx),
  }),
  defineRoute({
    method: 'PUT',
    url: '/autopilot',
    scope: null,
    tag: 'Admin',
    summary: 'Set the autopilot pace (off, realistic, demo), the out-of-stock refund rate and the order and shipping scenario rates (percent)',
    schema: adminSimulationSchemas['PUT /autopilot'],
    handler: ({ ctx, body }) => {
      if (body.pace === undefined && body.refundRate === undefined && body.scenarioRates === undefined) throw badRequest('Send pace, refundRate, scenarioRates or several');
      for (const [name, rate] of Object.entries(body.scenarioRates ?? {})) {
        // parseAmount reads the decimal text: 2.55 * 100 is 254.99999999999997 in floats, and was refused.
        if (parseAmount(rate as number) === null) throw badRequest(`scenarioRates.${name} takes at most two decimals`);
      }
      if (body.pace !== undefined && !isPace(body.pace)) throw badRequest(`pace must be one of: ${PACES.join(', ')}`);
      if (body.refundRate !== undefined && parseAmount(body.refundRate) === null) throw badRequest('refundRate takes at most two decimals');
      ctx.db
        .transaction(() => {
          if (body.pace !== undefined) writeSetting(ctx.db, 'autopilotPace', body.pace as 'off' | 'realistic' | 'demo');
          if (body.refundRate !== undefined) writeSetting(ctx.db, 'autopilotRefundBp', parseAmount(body.refundRate)!);
          if (body.scenarioRates !== undefined) {
            writeScenarioRates(ctx.db, body.scenarioRates);
            writeShippingScenarioRates(ctx, body.scenarioRates);
          }
        })
        .immediate();
      return autopilotView(ctx);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/autopilot/run',
    scope: null,
    tag: 'Admin',
    summary: 'Run every autopilot step due now (the timer does this on its own)',
    schema: adminSimulationSchemas['POST /autopilot/run'],
    handler: async ({ ctx }) => ({ steps: (await runDueStepsInSlices(ctx)).steps }),
  }),
];
