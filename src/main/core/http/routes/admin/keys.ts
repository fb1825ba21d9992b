import { createApiKey, listApiKeys, revokeApiKey } from '../../../auth/api-keys.js';
import { ALL_SCOPES_PRESET, isScope, normalizeScopes, SCOPES, type Scope } from '../../../auth/scopes.js';
import { badRequest } from '../../../shared/errors.js';
import { defineRoute } from '../../route.js';
import { adminKeySchemas } from '../../../../../contract/admin/keys.js';

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
    tag: 'Admin',
    summary: 'Every scope, in canonical order, and the presets',
    schema: adminKeySchemas['GET /scopes'],
    handler: () => ({ scopes: [...SCOPES], presets: { all: [...SCOPES], readOnly: READ_ONLY } }),
  }),
  defineRoute({
    method: 'GET',
    url: '/keys',
    scope: null,
    tag: 'Admin',
    summary: 'API keys (never their secret)',
    schema: adminKeySchemas['GET /keys'],
    handler: ({ ctx }) => listApiKeys(ctx),
  }),
  defineRoute({
    method: 'POST',
    url: '/keys',
    scope: null,
    tag: 'Admin',
    status: 201,
    summary: 'Create an API key; the key itself is in this response only',
    schema: adminKeySchemas['POST /keys'],
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
    tag: 'Admin',
    summary: 'Revoke an API key (takes effect at once)',
    schema: adminKeySchemas['POST /keys/:id/revoke'],
    handler: ({ ctx, params }) => revokeApiKey(ctx, params.id),
  }),
];
