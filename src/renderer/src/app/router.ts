import { useSyncExternalStore } from 'react';

/**
 * A tiny hash router: the route lives after `#`, so the same build works from file:// in Electron and from
 * / on the localhost server (which serves the page at / only). Pages declare patterns like
 * `/orders/:orderNo` in their feature's pages.tsx; app/pages.ts collects them.
 */
export const paths = {
  shop: () => '#/shop',
  product: (id: number) => `#/product/${id}`,
  cart: () => '#/cart',
};

function currentPath(): string {
  const path = window.location.hash.replace(/^#/, '');
  return path === '' ? '/' : path;
}

/**
 * `hashchange` arrives after the event that changed the hash, so a control whose value lives in the URL
 * (a checkbox, a sort) would be put back by React for that moment and flicker (and a click on it would
 * seem to do nothing). navigate() tells the subscribers at once; the later `hashchange` finds nothing new.
 */
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('hashchange', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('hashchange', onChange);
  };
}

/** The path after `#`, without its query, without a trailing slash. */
export function useHashPath(): string {
  const path = useSyncExternalStore(subscribe, currentPath);
  return path.split('?')[0]!.replace(/\/+$/, '') || '/';
}

/** The query after `#/path?`, e.g. #/orders?status=paid. */
export function useHashQuery(): URLSearchParams {
  const path = useSyncExternalStore(subscribe, currentPath);
  const index = path.indexOf('?');
  return new URLSearchParams(index >= 0 ? path.slice(index + 1) : '');
}

/** Matches `/orders/:orderNo` against `/orders/PO123`: the params, or null. */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(have[i]!);
    else if (segment !== have[i]) return null;
  }
  return params;
}

/** Goes to a hash, e.g. navigate('#/orders/PO123'). */
export function navigate(hash: string): void {
  window.location.hash = hash;
  for (const listener of [...listeners]) listener();
}
