import { describe, expect, it } from 'vitest';
import {
  canonicalScopes,
  groupScopes,
  groupState,
  hasAllScopes,
  matchingPreset,
  presetScopes,
  resourceOf,
  scopesForRequest,
  toggleGroup,
} from './scopes';
import type { ScopeCatalog } from './types';

const SCOPES = [
  'products:read',
  'cart:read',
  'cart:write',
  'orders:read',
  'orders:write',
  'wallet:read',
  'warehouse:read',
  'shipping:read',
  'shipping:write',
  'logistics:read',
  'profile:read',
  'profile:write',
  'favorites:read',
  'favorites:write',
  'coupons:read',
  'coupons:write',
];
const catalog: ScopeCatalog = {
  scopes: SCOPES,
  presets: { all: SCOPES, readOnly: SCOPES.filter((s) => s.endsWith(':read')) },
};

describe('scope grouping', () => {
  it('groups by resource in the catalog order', () => {
    const groups = groupScopes(SCOPES);
    expect(groups.map((g) => g.resource)).toEqual([
      'products',
      'cart',
      'orders',
      'wallet',
      'warehouse',
      'shipping',
      'logistics',
      'profile',
      'favorites',
      'coupons',
    ]);
    expect(groups.find((g) => g.resource === 'cart')?.scopes).toEqual(['cart:read', 'cart:write']);
    expect(groups.reduce((n, g) => n + g.scopes.length, 0)).toBe(SCOPES.length);
  });

  it('keeps a scope without an action as its own group and drops duplicates', () => {
    expect(resourceOf('admin')).toBe('admin');
    expect(groupScopes(['a:read', 'admin', 'a:read', 'a:write'])).toEqual([
      { resource: 'a', scopes: ['a:read', 'a:write'] },
      { resource: 'admin', scopes: ['admin'] },
    ]);
  });

  it('reports a group as all, some or none selected and toggles it whole', () => {
    const cart = groupScopes(SCOPES).find((g) => g.resource === 'cart')!;
    expect(groupState(cart, [])).toBe(false);
    expect(groupState(cart, ['cart:read'])).toBe('some');
    expect(groupState(cart, ['cart:write', 'cart:read'])).toBe(true);
    expect(toggleGroup(catalog, cart, ['orders:read', 'cart:read'], true)).toEqual(['cart:read', 'cart:write', 'orders:read']);
    expect(toggleGroup(catalog, cart, ['orders:read', 'cart:read'], false)).toEqual(['orders:read']);
  });
});

describe('scope presets', () => {
  it('All, Read-only and None select what the catalog says, in canonical order', () => {
    expect(presetScopes(catalog, 'all')).toEqual(SCOPES);
    expect(presetScopes(catalog, 'readOnly')).toEqual(SCOPES.filter((s) => s.endsWith(':read')));
    expect(presetScopes(catalog, 'readOnly').every((s) => s.endsWith(':read'))).toBe(true);
    expect(presetScopes(catalog, 'none')).toEqual([]);
  });

  it('drops preset names the catalog does not list', () => {
    const odd: ScopeCatalog = { scopes: ['a:read', 'a:write'], presets: { all: ['a:write', 'a:read', 'zzz'], readOnly: ['a:read'] } };
    expect(presetScopes(odd, 'all')).toEqual(['a:read', 'a:write']);
  });

  it('recognises a selection that is exactly a preset', () => {
    expect(matchingPreset(catalog, [...SCOPES].reverse())).toBe('all');
    expect(matchingPreset(catalog, presetScopes(catalog, 'readOnly'))).toBe('readOnly');
    expect(matchingPreset(catalog, [])).toBe('none');
    expect(matchingPreset(catalog, ['cart:read'])).toBeNull();
  });

  it('sends ["all"] for every scope, else the names in canonical order', () => {
    expect(scopesForRequest(catalog, SCOPES)).toEqual(['all']);
    expect(scopesForRequest(catalog, ['orders:read', 'cart:write', 'nope'])).toEqual(['cart:write', 'orders:read']);
    expect(scopesForRequest(catalog, [])).toEqual([]);
    expect(canonicalScopes(catalog, ['wallet:read', 'wallet:read'])).toEqual(['wallet:read']);
  });

  it('shows a key with the whole catalog as all scopes', () => {
    expect(hasAllScopes(catalog, SCOPES)).toBe(true);
    expect(hasAllScopes(catalog, SCOPES.slice(1))).toBe(false);
    expect(hasAllScopes(undefined, SCOPES)).toBe(false);
  });
});
