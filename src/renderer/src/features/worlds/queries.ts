import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { adminApi, data } from '../../api/client';
import { DEFAULT_WORLD, useWorldStore } from '../../api/worldStore';

/** The registry's reads (GET /admin/worlds...): the same whatever world is selected. */
export const worldKeys = {
  all: ['worlds'] as const,
  list: ['worlds', 'list'] as const,
  one: (id: string) => ['worlds', 'one', id] as const,
  files: ['worlds', 'files'] as const,
  snapshots: (id: string) => ['worlds', 'snapshots', id] as const,
};

/** The switcher shows the first page of worlds (the server's maximum page). */
export const WORLDS_SHOWN = 100;

export const worldFetchers = {
  list: () => data(adminApi().GET('/worlds', { params: { query: { limit: WORLDS_SHOWN } } })),
  one: (id: string) => data(adminApi().GET('/worlds/{id}', { params: { path: { id } } })),
  files: () => data(adminApi().GET('/worlds/files')),
  snapshots: (id: string) => data(adminApi().GET('/worlds/{id}/snapshots', { params: { path: { id } } })),
};

/**
 * Moves the page to another world: every later call carries its id, and every query cached for the old
 * world is dropped (the inactive ones) or read again from the new one (those on screen), so nothing of
 * the old world is shown in the new.
 */
export function useSwitchWorld(): (id: string) => void {
  const queryClient = useQueryClient();
  const select = useWorldStore((s) => s.select);
  return useCallback(
    (id: string) => {
      select(id);
      forgetOtherWorld(queryClient);
    },
    [queryClient, select],
  );
}

/** After the selected world changed: the inactive queries dropped, those on screen read again from scratch. */
export function forgetOtherWorld(queryClient: QueryClient): void {
  void queryClient.cancelQueries();
  queryClient.removeQueries({ type: 'inactive' });
  void queryClient.resetQueries();
}

/** The world's name as shown: the default world by its role, the others by their own name. */
export function worldLabel(world: { id: string; name: string }, defaultName: string): string {
  return world.id === DEFAULT_WORLD ? defaultName : world.name;
}
