import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Transport, TransportResponse } from './transport';

/** The data folder's own world: what the UI works on until the operator picks another. */
export const DEFAULT_WORLD = 'default';

interface WorldState {
  /** The world every call of the page works on (sent as `Crossbuy-World`). */
  selected: string;
  /** A world the page had selected and found gone (deleted, or another server's): shown once as a notice. */
  lost: string | null;
  select(id: string): void;
  /** The selected world is unknown to the server: back to the default world, remembering which was lost. */
  fallBack(): void;
  dismissLost(): void;
}

/** What survives a reload: the selection, never a notice. */
export const persistedWorld = (s: Pick<WorldState, 'selected'>) => ({ selected: s.selected });

/**
 * The selected world, kept across reloads (localStorage). Only the id is persisted; a notice of a lost
 * world is per page.
 */
export const useWorldStore = create<WorldState>()(
  persist(
    (set, get) => ({
      selected: DEFAULT_WORLD,
      lost: null,
      select: (id) => set({ selected: id, lost: null }),
      fallBack: () => {
        const { selected } = get();
        if (selected !== DEFAULT_WORLD) set({ selected: DEFAULT_WORLD, lost: selected });
      },
      dismissLost: () => set({ lost: null }),
    }),
    {
      name: 'crossbuy-world',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => persistedWorld(s),
    },
  ),
);

/** The world the page works on now, outside React (the transport reads it on every call). */
export function selectedWorld(): string {
  return useWorldStore.getState().selected;
}

/**
 * Whether an answer says the world a call named does not exist: the server's 404 for an unknown
 * `Crossbuy-World` (worlds.md section 1), coded `world_not_found` (a world named in a path is not coded).
 */
export function namesWorldGone(answer: TransportResponse, world: string): boolean {
  if (answer.status !== 404 || world === DEFAULT_WORLD) return false;
  const body = answer.body as { code?: unknown } | null;
  return typeof body === 'object' && body !== null && body.code === 'world_not_found';
}

/**
 * Every call of `transport` watched for its world's disappearance: a 404 naming the world still selected
 * (deleted in another tab, by a script) puts the page back on the default world at once, rather than when
 * the switcher's own check next runs, with the page's other calls failing meanwhile. The answer is passed
 * on as it is; a world no longer selected changes nothing.
 */
export function watchingWorld(transport: Transport): Transport {
  return async (request) => {
    const answer = await transport(request);
    const world = request.world ?? DEFAULT_WORLD;
    if (namesWorldGone(answer, world) && selectedWorld() === world) useWorldStore.getState().fallBack();
    return answer;
  };
}

/** The `Crossbuy-World` header for a world: none for the default one (the server's default anyway). */
export function worldHeader(world: string | undefined): Record<string, string> {
  return world && world !== DEFAULT_WORLD ? { 'Crossbuy-World': world } : {};
}

/** The worlds in switcher order: the default one first, then the others as the server lists them (oldest first). */
export function switcherOrder<W extends { id: string }>(defaultWorld: W | undefined, others: readonly W[]): W[] {
  const rest = others.filter((w) => w.id !== DEFAULT_WORLD);
  return defaultWorld ? [defaultWorld, ...rest] : rest;
}

/** The query string of the event stream for a world (EventSource cannot send the header). */
export function eventStreamPath(world: string): string {
  return world === DEFAULT_WORLD ? '/api/v1/open/events' : `/api/v1/open/events?world=${encodeURIComponent(world)}`;
}
