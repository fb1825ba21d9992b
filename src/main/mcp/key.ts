import { authenticate } from '../core/auth/api-keys.js';
import type { Scope } from '../core/auth/scopes.js';
import type { WorldRuntime } from '../core/worlds/runtime.js';
import type { Worlds } from '../core/worlds/worlds.js';

/**
 * The session key's world and scopes (worlds.md: the key selects the world), checked as the open API checks
 * a key: 401 unknown, revoked or expired, 403 outside its IP allowlist. Each tool call is checked again by
 * its route; this only decides what `tools/list` shows and who may open a session.
 */
export function keySession(worlds: Worlds, authorization: string | undefined, ip: string): { world: WorldRuntime; scopes: readonly Scope[] } {
  const found = worlds.forKey(authorization);
  const world = found?.world ?? worlds.default;
  return { world, scopes: authenticate(world.ctx, authorization, ip, found?.keyHash).scopes };
}
