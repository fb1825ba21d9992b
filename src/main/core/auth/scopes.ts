import { ALL_SCOPES_PRESET, SCOPES, type Scope } from '../../../contract/enums.js';

export { ALL_SCOPES_PRESET, SCOPES, type Scope };

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Sorts scopes into the canonical order and drops duplicates. */
export function normalizeScopes(scopes: Iterable<Scope>): Scope[] {
  const set = new Set(scopes);
  return SCOPES.filter((s) => set.has(s));
}

/**
 * Parses "all" or "cart:read,orders:write" (commas, spaces allowed). Throws a message naming the first
 * unknown scope.
 */
export function parseScopes(text: string): Scope[] {
  const parts = text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new Error('at least one scope is required');
  if (parts.includes(ALL_SCOPES_PRESET)) return [...SCOPES];
  const unknown = parts.find((p) => !isScope(p));
  if (unknown) throw new Error(`unknown scope "${unknown}"; valid scopes: ${SCOPES.join(', ')}, or "all"`);
  return normalizeScopes(parts as Scope[]);
}

export function insufficientScopeMessage(required: Scope, has: readonly Scope[]): string {
  return `Insufficient scope. Required: ${required}. Your key has: ${normalizeScopes(has).join(', ')}`;
}
