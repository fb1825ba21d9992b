import { Type, type Static } from 'typebox';
import { type BodyOf, IdParam, type ResponseOf, Timestamp } from '../common.js';
import { SCOPES } from '../enums.js';

/** API keys from the back office (the desktop and headless UI's key management page). */
export const KeyInfo = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  name: Type.String(),
  preview: Type.String({ description: 'first 7 and last 4 characters' }),
  scopes: Type.Array(Type.Enum([...SCOPES])),
  rateLimit: Type.Integer({ description: 'requests per minute' }),
  allowedIps: Type.Array(Type.String()),
  expiresAt: Type.Union([Timestamp, Type.Null()]),
  revokedAt: Type.Union([Timestamp, Type.Null()]),
  lastUsedAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
});

/** The schemas of each route of admin/keys.ts, by method and path. */
export const adminKeySchemas = {
  'GET /scopes': { response: Type.Object({ scopes: Type.Array(Type.String()), presets: Type.Object({ all: Type.Array(Type.String()), readOnly: Type.Array(Type.String()) }) }) },
  'GET /keys': { response: Type.Array(KeyInfo) },
  'POST /keys': {
    body: Type.Object(
      {
        name: Type.String({ minLength: 1, maxLength: 100 }),
        scopes: Type.Array(Type.String(), { minItems: 1, maxItems: SCOPES.length + 1 }),
        rateLimit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
        allowedIps: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 })),
        expiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
      },
      { additionalProperties: false },
    ),
    response: Type.Object({ key: Type.String(), ...KeyInfo.properties }),
  },
  'POST /keys/:id/revoke': { params: IdParam, response: KeyInfo },
};

/** The static types of what these routes take and answer. */
type Routes = typeof adminKeySchemas;
export type ApiKeyInfo = Static<typeof KeyInfo>;
export type ScopeCatalog = ResponseOf<Routes['GET /scopes']>;
export type NewApiKeyInput = BodyOf<Routes['POST /keys']>;
export type CreatedApiKey = ResponseOf<Routes['POST /keys']>;
