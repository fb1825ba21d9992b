import type { FastifyInstance } from 'fastify';
import { ALL_SCOPES_PRESET } from '../../../../contract/enums.js';
import type { WorldTarget } from './apply.js';

/** The rate limit of the key a world file runs with: a test key, as worlds.md section 1 gives a new world. */
export const WORLD_KEY_RATE_LIMIT = 6000;

/**
 * A server's one world as a target (the CLI's `world apply`, `serve --world-file`, the tests): its admin
 * token, and a key of every scope made through the admin API itself, so it is logged and listed as any.
 */
export async function localWorldTarget(app: FastifyInstance, adminToken: string, keyName = 'world file'): Promise<WorldTarget & { keyId: number }> {
  const adminHeaders = { authorization: `Bearer ${adminToken}` };
  const inject: WorldTarget['inject'] = async (request) => {
    const response = await app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, payload: request.payload as string | undefined });
    return { statusCode: response.statusCode, body: response.body };
  };
  const made = await inject({
    method: 'POST',
    url: '/api/v1/admin/keys',
    headers: { ...adminHeaders, 'content-type': 'application/json' },
    payload: JSON.stringify({ name: keyName, scopes: [ALL_SCOPES_PRESET], rateLimit: WORLD_KEY_RATE_LIMIT }),
  });
  if (made.statusCode !== 201 && made.statusCode !== 200) throw new Error(`could not make the world file's key: ${made.statusCode} ${made.body}`);
  const key = (JSON.parse(made.body) as { data: { key: string; id: number } }).data;
  return { inject, openKey: key.key, adminHeaders, keyId: key.id };
}
