import { useSyncExternalStore } from 'react';

/**
 * A tiny hash router: the route lives after `#`, so the same build works from file:// in Electron and from
 * / on the localhost server (which serves the page at / only).
 */
export type Route =
  | { name: 'shop' }
  | { name: 'product'; id: number }
  | { name: 'cart' }
  | { name: 'notFound'; path: string };

export const paths = {
  shop: () => '#/shop',
  product: (id: number) => `#/product/${id}`,
  cart: () => '#/cart',
};

function currentPath(): string {
  const path = window.location.hash.replace(/^#/, '');
  return path === '' ? '/' : path;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

export function matchRoute(path: string): Route {
  const clean = path.split('?')[0]!.replace(/\/+$/, '') || '/';
  if (clean === '/' || clean === '/shop') return { name: 'shop' };
  if (clean === '/cart') return { name: 'cart' };
  const product = /^\/product\/(\d{1,15})$/.exec(clean);
  if (product) return { name: 'product', id: Number(product[1]) };
  return { name: 'notFound', path: clean };
}

export function useRoute(): Route {
  return matchRoute(useSyncExternalStore(subscribe, currentPath));
}

/** Goes to a hash from `paths`. */
export function navigate(hash: string): void {
  window.location.hash = hash;
}
