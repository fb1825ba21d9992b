import { Type } from 'typebox';
import { createApiKey, listApiKeys, revokeApiKey } from '../../../auth/api-keys.js';
import { ALL_SCOPES_PRESET, isScope, normalizeScopes, SCOPES, type Scope } from '../../../auth/scopes.js';
import { badRequest } from '../../../shared/errors.js';
import { defineRoute } from '../../route.js';
import { IdParam, Timestamp } from '../../schemas.js';

/** API keys from the back office (the desktop and headless UI's key management page). */
const KeyInfo = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  name: Type.String(),
  preview: Type.String({ description: 'first 7 and last 4 characters' }),
  scopes: Type.Array(Type.String()),
  rateLimit: Type.Integer({ description: 'requests per minute' }),
  allowedIps: Type.Array(Type.String()),
  expiresAt: Type.Union([Timestamp, Type.Null()]),
  revokedAt: Type.Union([Timestamp, Type.Null()]),
  lastUsedAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
});

const READ_ONLY = SCOPES.filter((s) => s.endsWith(':read'));

function scopesFrom(list: readonly string[]): Scope[] {
  if (list.includes(ALL_SCOPES_PRESET)) return [...SCOPES];
  const unknown = list.find((s) => !isScope(s));
  if (unknown) throw badRequest(`scopes: unknown scope "${unknown}"; valid: ${SCOPES.join(', ')}, or "all"`);
  return normalizeScopes(list as Scope[]);
}

export const adminKeyRoutes = [
  defineRoute({
    method: 'GET',
    url: '/scopes',
    scope: null,
    tag: 'Back office',
    summary: 'Every scope, in canonical order, and the presets',
    schema: { response: Type.Object({ scopes: Type.Array(Type.String()), presets: Type.Object({ all: Type.Array(Type.String()), readOnly: Type.Array(Type.String()) }) }) },
    handler: () => ({ scopes: [...SCOPES], presets: { all: [...SCOPES], readOnly: READ_ONLY } }),
  }),
  defineRoute({
    method: 'GET',
    url: '/keys',
    scope: null,
    tag: 'Back office',
    summary: 'API keys (never their secret)',
    schema: { response: Type.Array(KeyInfo) },
    handler: ({ ctx }) => listApiKeys(ctx),
  }),
  defineRoute({
    method: 'POST',
    url: '/keys',
    scope: null,
    tag: 'Back office',
    status: 201,
    summary: 'Create an API key; the key itself is in this response only',
    schema: {
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
    handler: ({ ctx, body }) => {
      const expiresAt = body.expiresInDays ? new Date(Date.now() + body.expiresInDays * 86_400_000).toISOString() : null;
      const { key, info } = createApiKey(ctx, {
        name: body.name,
        scopes: scopesFrom(body.scopes),
        rateLimit: body.rateLimit,
        allowedIps: body.allowedIps,
        expiresAt,
      });
      return { key, ...info };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/keys/:id/revoke',
    scope: null,
    tag: 'Back office',
    summary: 'Revoke an API key (takes effect at once)',
    schema: { params: IdParam, response: KeyInfo },
    handler: ({ ctx, params }) => revokeApiKey(ctx, params.id),
  }),
];
