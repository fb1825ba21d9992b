/**
 * The desktop app's own preferences (port, window, start minimized, launch at login). Service settings that scripts and the
 * CLI must see too (fee rate, currency, autopilot pace, low-balance threshold) live in the database
 * instead, behind the admin API. Theme and language belong to the page and are kept by the renderer's own
 * store (persisted in the app's userData like any page storage), so there is one source for each.
 * The store is an interface so the core and the tests use a plain implementation; the app uses
 * electron-store (electron-preferences.ts).
 */
export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export interface DesktopPreferences {
  /** Preferred API port; a busy port moves to the next free one. */
  port: number;
  startMinimized: boolean;
  launchAtLogin: boolean;
  window: WindowBounds;
}

export const DEFAULT_PREFERENCES: DesktopPreferences = {
  port: 4680,
  startMinimized: false,
  launchAtLogin: false,
  window: { width: 1280, height: 860, maximized: false },
};

export interface PreferenceStore {
  get<K extends keyof DesktopPreferences>(key: K): DesktopPreferences[K];
  set<K extends keyof DesktopPreferences>(key: K, value: DesktopPreferences[K]): void;
}

export class MemoryPreferenceStore implements PreferenceStore {
  private readonly values: DesktopPreferences;
  constructor(initial: Partial<DesktopPreferences> = {}) {
    this.values = { ...DEFAULT_PREFERENCES, ...initial };
  }
  get<K extends keyof DesktopPreferences>(key: K): DesktopPreferences[K] {
    return this.values[key];
  }
  set<K extends keyof DesktopPreferences>(key: K, value: DesktopPreferences[K]): void {
    this.values[key] = validatePreference(key, value);
  }
}

/** Checks one value before it is stored; throws a message naming the preference. */
export function validatePreference<K extends keyof DesktopPreferences>(key: K, value: unknown): DesktopPreferences[K] {
  const fail = (why: string): never => {
    throw new Error(`preference ${key}: ${why}`);
  };
  switch (key) {
    case 'port':
      if (!Number.isInteger(value) || (value as number) < 1024 || (value as number) > 65535) fail('a port from 1024 to 65535');
      break;
    case 'startMinimized':
    case 'launchAtLogin':
      if (typeof value !== 'boolean') fail('true or false');
      break;
    case 'window': {
      const w = value as WindowBounds;
      if (typeof w !== 'object' || w === null || !Number.isInteger(w.width) || !Number.isInteger(w.height) || typeof w.maximized !== 'boolean') {
        fail('{ width, height, maximized, x?, y? }');
      }
      break;
    }
    default:
      fail('unknown preference');
  }
  return value as DesktopPreferences[K];
}

export interface DisplayArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

const MIN_WIDTH = 900;
const MIN_HEIGHT = 600;

/**
 * Remembered bounds, made safe for today's screens: a window saved on a monitor that is gone comes back
 * centred on the primary one (the system's primary display, which need not be the first listed), and
 * never smaller than the minimum or larger than that screen.
 */
export function restoreBounds(saved: WindowBounds, displays: readonly DisplayArea[], primaryDisplay?: DisplayArea): WindowBounds {
  const primary = primaryDisplay ?? displays[0] ?? { x: 0, y: 0, width: 1280, height: 860 };
  const width = Math.min(Math.max(saved.width, MIN_WIDTH), primary.width);
  const height = Math.min(Math.max(saved.height, MIN_HEIGHT), primary.height);
  if (saved.x === undefined || saved.y === undefined) return { width, height, maximized: saved.maximized };
  const visible = displays.some(
    (d) => saved.x! + 100 <= d.x + d.width && saved.x! + saved.width - 100 >= d.x && saved.y! >= d.y && saved.y! + 50 <= d.y + d.height,
  );
  if (visible) return { x: saved.x, y: saved.y, width, height, maximized: saved.maximized };
  return {
    x: primary.x + Math.round((primary.width - width) / 2),
    y: primary.y + Math.round((primary.height - height) / 2),
    width,
    height,
    maximized: saved.maximized,
  };
}

/** How long the window must be still before its bounds are written (a drag fires dozens of events a second). */
export const BOUNDS_SAVE_MS = 500;

/** `work` run once `ms` after the last `schedule()`, or at once with `now()` (which drops a pending run). */
export function debounced(work: () => void, ms: number): { schedule: () => void; now: () => void } {
  let timer: NodeJS.Timeout | null = null;
  const now = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    work();
  };
  return {
    schedule: () => {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(now, ms);
      timer.unref?.();
    },
    now,
  };
}
