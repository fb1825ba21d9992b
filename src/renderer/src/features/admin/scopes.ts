import type { ScopeCatalog } from './types';

/** Scopes by resource ("orders:read" belongs to "orders"), groups and scopes in the catalog's order. */
export interface ScopeGroup {
  resource: string;
  scopes: string[];
}

export function resourceOf(scope: string): string {
  const index = scope.indexOf(':');
  return index < 0 ? scope : scope.slice(0, index);
}

export function actionOf(scope: string): string {
  const index = scope.indexOf(':');
  return index < 0 ? scope : scope.slice(index + 1);
}

export function groupScopes(scopes: readonly string[]): ScopeGroup[] {
  const groups: ScopeGroup[] = [];
  const byResource = new Map<string, ScopeGroup>();
  for (const scope of scopes) {
    const resource = resourceOf(scope);
    let group = byResource.get(resource);
    if (!group) {
      group = { resource, scopes: [] };
      byResource.set(resource, group);
      groups.push(group);
    }
    if (!group.scopes.includes(scope)) group.scopes.push(scope);
  }
  return groups;
}

export type ScopePreset = 'all' | 'readOnly' | 'none';
export const SCOPE_PRESETS: readonly ScopePreset[] = ['all', 'readOnly', 'none'];

/** The scopes a preset selects, in canonical order; names the catalog does not know are dropped. */
export function presetScopes(catalog: ScopeCatalog, preset: ScopePreset): string[] {
  if (preset === 'none') return [];
  return canonicalScopes(catalog, catalog.presets[preset]);
}

/** Sorted into the catalog's order, unknown and duplicate names dropped. */
export function canonicalScopes(catalog: ScopeCatalog, selected: Iterable<string>): string[] {
  const set = new Set(selected);
  return catalog.scopes.filter((s) => set.has(s));
}

/** Which preset the selection is exactly, if any (for highlighting the preset button). */
export function matchingPreset(catalog: ScopeCatalog, selected: readonly string[]): ScopePreset | null {
  const chosen = canonicalScopes(catalog, selected);
  for (const preset of SCOPE_PRESETS) {
    const want = presetScopes(catalog, preset);
    if (want.length === chosen.length && want.every((s, i) => s === chosen[i])) return preset;
  }
  return null;
}

/** Every scope of the group selected: true; some: 'some'; none: false. */
export function groupState(group: ScopeGroup, selected: readonly string[]): boolean | 'some' {
  const count = group.scopes.filter((s) => selected.includes(s)).length;
  if (count === 0) return false;
  return count === group.scopes.length ? true : 'some';
}

/** Ticks or unticks a whole group, keeping the rest of the selection. */
export function toggleGroup(catalog: ScopeCatalog, group: ScopeGroup, selected: readonly string[], on: boolean): string[] {
  const rest = selected.filter((s) => !group.scopes.includes(s));
  return canonicalScopes(catalog, on ? [...rest, ...group.scopes] : rest);
}

/** The body's `scopes`: ['all'] when every scope is chosen (the key then follows the full preset), else the names. */
export function scopesForRequest(catalog: ScopeCatalog, selected: readonly string[]): string[] {
  const chosen = canonicalScopes(catalog, selected);
  return chosen.length > 0 && chosen.length === catalog.scopes.length ? ['all'] : chosen;
}

/** True when a key's scopes cover the whole catalog (shown as "All scopes" in lists). */
export function hasAllScopes(catalog: ScopeCatalog | undefined, scopes: readonly string[]): boolean {
  return catalog !== undefined && catalog.scopes.length > 0 && catalog.scopes.every((s) => scopes.includes(s));
}
