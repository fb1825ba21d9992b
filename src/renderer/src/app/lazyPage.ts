import { lazy, type FunctionComponent } from 'react';

/**
 * A page component loaded on first visit: each page (and what only it uses) is a chunk of its own, so
 * the first paint downloads and parses only the shell and the page shown. `name` is the module's named
 * export; the result keeps that component's props type.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  return lazy(() => load().then((module) => ({ default: module[name] as unknown as FunctionComponent<object> }))) as unknown as M[K];
}
