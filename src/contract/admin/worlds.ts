import { Type, type Static } from 'typebox';
import { type BodyOf, CursorOnlyQuery, Paginated, type QueryOf, type ResponseOf, Timestamp } from '../common.js';
import { SCOPES } from '../enums.js';

/** Worlds (API v1.2, worlds.md section 1): many isolated sandboxes in one server. */

const WORLD_ID_PATTERN = '^w_[a-z0-9_-]{10,40}$';
export const WorldId = Type.String({ pattern: WORLD_ID_PATTERN, description: '`w_` and 10 to 40 of [a-z0-9_-]' });
const WorldIdOrDefault = Type.String({ minLength: 1, maxLength: 42, description: 'a world id, or `default`' });
const Seed = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'the seed of the world\'s random stream, 0 to 2^53-1' });
const Name = Type.String({ minLength: 1, maxLength: 100 });

export const WorldKey = Type.Object({
  id: Type.Integer({ description: 'the key\'s id in its world' }),
  secret: Type.String({ description: 'the sk- key itself: shown in this answer only' }),
  scopes: Type.Array(Type.Enum([...SCOPES])),
});

/** One step of a world file as it ran (the world-file engine's report; opaque here). */
const StepResult = Type.Unknown();

/** What every answer about a world says of it (the list, a detail, a create or fork). */
const worldFields = {
  id: Type.String(),
  name: Type.String(),
  seed: Type.Integer(),
  frozen: Type.Boolean(),
};
const ExpiresAt = Type.Union([Timestamp, Type.Null()]);

export const WorldInfo = Type.Object({
  ...worldFields,
  clock: Timestamp,
  createdAt: Timestamp,
  lastUsedAt: Timestamp,
  expiresAt: ExpiresAt,
  sizeBytes: Type.Integer({ description: 'the world\'s folder on disk (database and snapshots)' }),
  keyCount: Type.Integer(),
});

export const WorldSummary = Type.Object({
  ...worldFields,
  createdAt: Timestamp,
  lastUsedAt: Timestamp,
  expiresAt: ExpiresAt,
});

export const CreatedWorld = Type.Object({
  ...worldFields,
  clock: Timestamp,
  createdAt: Timestamp,
  expiresAt: ExpiresAt,
  key: WorldKey,
  steps: Type.Array(StepResult),
});

export const WorldSnapshot = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Timestamp,
  clock: Timestamp,
});

const WorldParams = Type.Object({ id: WorldIdOrDefault });

/** A world file shipped in the repository's worlds/ folder, as "New world" offers it. */
export const ShippedWorldFile = Type.Object({
  name: Type.String({ description: 'the file\'s `name`' }),
  description: Type.String({ description: 'the file\'s `description` (empty when it has none)' }),
  seed: Type.Union([Type.Integer(), Type.Null()], { description: 'the file\'s own seed, when it names one' }),
  fileName: Type.String({ description: 'the file name in worlds/, e.g. orders-every-status.json' }),
  file: Type.Unknown({ description: 'the world file itself, to send as `file` to POST /worlds' }),
});

/** The schemas of each route of admin/worlds.ts, by method and path. */
export const adminWorldSchemas = {
  'POST /worlds': {
    body: Type.Union([
      Type.Object(
        {
          id: Type.Optional(WorldId),
          name: Type.Optional(Name),
          seed: Type.Optional(Seed),
          clockStart: Type.Optional(Type.String({ format: 'date-time', description: 'the world\'s clock at creation (ISO 8601)' })),
          frozen: Type.Optional(Type.Boolean({ description: 'default true when `file` or `seed` is given' })),
          file: Type.Optional(Type.Unknown({ description: 'a world file (worlds.md section 2), inline JSON' })),
          vars: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'overrides the world file\'s `vars`' })),
          ttl: Type.Optional(Type.String({ maxLength: 12, description: 'deleted when unused this long (wall time): "90s", "30m", "2h", "7d"' })),
          keyRateLimit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'the new key\'s requests per minute (default 6000)' })),
        },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
    response: CreatedWorld,
  },
  'GET /worlds': {
    querystring: Type.Object({ ...CursorOnlyQuery }),
    response: Paginated(WorldSummary),
  },
  'GET /worlds/files': { response: Type.Array(ShippedWorldFile) },
  'GET /worlds/:id': { params: WorldParams, response: WorldInfo },
  'DELETE /worlds/:id': { params: WorldParams, response: Type.Null() },
  'POST /worlds/:id/snapshots': {
    params: WorldParams,
    body: Type.Union([Type.Object({ name: Type.Optional(Name) }, { additionalProperties: false }), Type.Null()]),
    response: WorldSnapshot,
  },
  'GET /worlds/:id/snapshots': { params: WorldParams, response: Type.Array(WorldSnapshot) },
  'POST /worlds/:id/reset': {
    params: WorldParams,
    body: Type.Union(
      [
        Type.Object(
          { snapshot: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'a snapshot\'s id, or its name when one snapshot of the world has it; default `initial`' })) },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
    ),
    response: WorldInfo,
  },
  'POST /worlds/:id/fork': {
    params: WorldParams,
    body: Type.Union([Type.Object({ id: Type.Optional(WorldId), name: Type.Optional(Name) }, { additionalProperties: false }), Type.Null()]),
    response: CreatedWorld,
  },
};

type Routes = typeof adminWorldSchemas;
export type WorldInfo = Static<typeof WorldInfo>;
export type WorldSummary = Static<typeof WorldSummary>;
export type CreatedWorld = Static<typeof CreatedWorld>;
export type WorldSnapshot = Static<typeof WorldSnapshot>;
export type ShippedWorldFile = Static<typeof ShippedWorldFile>;
export type NewWorldInput = BodyOf<Routes['POST /worlds']>;
export type WorldListQuery = QueryOf<Routes['GET /worlds']>;
export type WorldPage = ResponseOf<Routes['GET /worlds']>;
export type ForkWorldInput = BodyOf<Routes['POST /worlds/:id/fork']>;
