import { Type, type Static } from 'typebox';
import { adminSettingsSchemas } from './settings.js';
import { adminSimulationSchemas } from './simulation.js';

/**
 * A world file (worlds.md section 2): a world described as data. JSON, one object; unknown fields are a 400
 * like everywhere. The same schema is served at GET /api/v1/admin/worlds/schema.json and kept in the
 * repository as worlds/world-file.schema.json (a test keeps the two equal).
 */

const Duration = Type.String({ pattern: '^[0-9]{1,9}(ms|s|m|h|d|w)$', description: 'a duration: 90s, 45m, 12h, 3d, 2w' });
const Call = Type.String({
  pattern: '^(GET|POST|PUT|PATCH|DELETE) /(open|admin)/\\S*$',
  description: 'METHOD and path under /api/v1: "POST /open/orders", "POST /admin/orders/${order.data.orderNo}/advance"',
});
const StepName = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_-]{0,63}$', description: 'referred to as ${name.path} by later steps' });
const QueryValue = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);
const Expect = Type.Union(
  [
    Type.Integer({ minimum: 100, maximum: 599 }),
    Type.Object({ status: Type.Integer({ minimum: 100, maximum: 599 }), code: Type.Optional(Type.String({ minLength: 1 })) }, { additionalProperties: false }),
  ],
  { description: 'the status the step must answer (or status and error code); default: any 2xx' },
);

export const CallStep = Type.Object(
  {
    name: Type.Optional(StepName),
    call: Call,
    query: Type.Optional(Type.Record(Type.String(), QueryValue, { description: 'the query string, as name: value' })),
    body: Type.Optional(Type.Unknown({ description: 'the JSON body' })),
    headers: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'extra request headers (Idempotency-Key, ...)' })),
    scenario: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'sent as Crossbuy-Scenario' })),
    expect: Type.Optional(Expect),
  },
  { additionalProperties: false },
);

export const AdvanceStep = Type.Object(
  { name: Type.Optional(StepName), advance: Duration },
  { additionalProperties: false, description: 'moves the clock as POST /admin/clock/advance does (steps due on the way run)' },
);

export const UntilStep = Type.Object(
  {
    name: Type.Optional(StepName),
    until: Type.Object(
      {
        call: Call,
        query: Type.Optional(Type.Record(Type.String(), QueryValue)),
        path: Type.String({ minLength: 1, description: 'a JSON path into the answer: data.status' }),
        equals: Type.Unknown({ description: 'the value the path must hold' }),
      },
      { additionalProperties: false },
    ),
    advanceStep: Duration,
    max: Duration,
  },
  { additionalProperties: false, description: 'advances the clock by advanceStep until the condition holds (fails when max passes first)' },
);

export const IncludeStep = Type.Object(
  { include: Type.String({ minLength: 1, maxLength: 500, description: 'another world file, relative to this one (CLI and serve only)' }) },
  { additionalProperties: false },
);

export const WorldFileStep = Type.Union([CallStep, AdvanceStep, UntilStep, IncludeStep]);

export const WorldFileSettings = Type.Object(
  {
    ...adminSettingsSchemas['PUT /settings'].body.properties,
    autopilot: Type.Optional(adminSimulationSchemas['PUT /autopilot'].body),
  },
  { additionalProperties: false, description: 'what PUT /admin/settings takes, and autopilot: what PUT /admin/autopilot takes; applied before the steps' },
);

export const WORLD_FILE_VERSION = 1;

export const WorldFile = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    crossbuyWorld: Type.Literal(WORLD_FILE_VERSION),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    seed: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
    clockStart: Type.Optional(Type.String({ format: 'date-time' })),
    demo: Type.Optional(Type.Boolean({ description: 'start from the demo data (deposit, orders) instead of the reference data alone' })),
    vars: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'values read as ${vars.x}; overridable when the world is made' })),
    settings: Type.Optional(WorldFileSettings),
    steps: Type.Array(WorldFileStep, { maxItems: 10_000 }),
  },
  {
    additionalProperties: false,
    title: 'crossbuy world file',
  },
);

export type WorldFile = Static<typeof WorldFile>;
export type WorldFileStep = Static<typeof WorldFileStep>;
export type CallStep = Static<typeof CallStep>;
export type UntilStep = Static<typeof UntilStep>;
export type WorldFileSettings = Static<typeof WorldFileSettings>;
