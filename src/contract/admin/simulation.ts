import { Type, type Static } from 'typebox';
import { type ResponseOf, Timestamp } from '../common.js';
import { AUTOPILOT_PACES } from '../enums.js';

export const ClockView = Type.Object({ now: Timestamp, offsetMs: Type.Integer({ description: 'how far the service clock is ahead of wall time (of its clock start, in a world with a frozen clock)' }) });
const Percent = Type.Number({ minimum: 0, maximum: 100, description: 'percent of orders' });
/**
 * v1.1 section 8: how often the autopilot makes each scenario happen: the order ones (out_of_stock is
 * refundRate) and the shipping ones (also readable in basis points in GET /warehouse/figures).
 */
const ShippingPercent = Type.Number({ minimum: 0, maximum: 100, description: 'percent of shipping orders in transit' });
export const ScenarioRates = Type.Object({
  price_increase: Percent,
  price_decrease: Percent,
  domestic_freight: Percent,
  qc_issue: Percent,
  seller_delay: Percent,
  customs_hold: ShippingPercent,
  lost_in_transit: ShippingPercent,
  customs_seized: ShippingPercent,
});
export const AutopilotView = Type.Object({
  pace: Type.Enum([...AUTOPILOT_PACES], { description: AUTOPILOT_PACES.join(', ') }),
  refundRate: Type.Number({ description: 'share of orders refunded as out of stock, in percent' }),
  scenarioRates: ScenarioRates,
});

/** The simulation controls of the back office: the service clock and the autopilot. */

/** The schemas of each route of admin/simulation.ts, by method and path. */
export const adminSimulationSchemas = {
  'GET /clock': { response: ClockView },
  'POST /clock/advance': {
    body: Type.Object({ by: Type.String({ minLength: 2, maxLength: 20, description: 'a duration: 90s, 45m, 12h, 3d, 2w' }) }, { additionalProperties: false }),
    response: Type.Object({ from: Timestamp, to: Timestamp, steps: Type.Integer(), now: Timestamp, offsetMs: Type.Integer() }),
  },
  'GET /autopilot': { response: AutopilotView },
  'PUT /autopilot': {
    body: Type.Object(
      {
        pace: Type.Optional(Type.String()),
        refundRate: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
        scenarioRates: Type.Optional(Type.Partial(ScenarioRates, { additionalProperties: false })),
      },
      { additionalProperties: false },
    ),
    response: AutopilotView,
  },
  'POST /autopilot/run': { response: Type.Object({ steps: Type.Integer() }) },
};

/** The static types of what these routes take and answer. */
type Routes = typeof adminSimulationSchemas;
export type ClockView = Static<typeof ClockView>;
export type ClockAdvanceResult = ResponseOf<Routes['POST /clock/advance']>;
export type AutopilotView = Static<typeof AutopilotView>;
export type ScenarioRates = Static<typeof ScenarioRates>;
export type AutopilotRunResult = ResponseOf<Routes['POST /autopilot/run']>;
