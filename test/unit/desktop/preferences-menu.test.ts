import { describe, expect, it, vi } from 'vitest';
import { applicationMenuTemplate, trayMenuTemplate, trayTooltip } from '../../../src/main/desktop/menu.js';
import { DEFAULT_PREFERENCES, MemoryPreferenceStore, restoreBounds } from '../../../src/main/desktop/preferences.js';

describe('preferences', () => {
  it('starts from defaults and validates what is stored', () => {
    const store = new MemoryPreferenceStore();
    expect(store.get('port')).toBe(4680);
    store.set('theme', 'dark');
    expect(store.get('theme')).toBe('dark');
    expect(() => store.set('theme', 'purple' as never)).toThrow(/theme/);
    expect(() => store.set('port', 80)).toThrow(/port/);
    expect(() => store.set('window', { width: 'wide' } as never)).toThrow(/window/);
    expect(store.get('theme')).toBe('dark');
  });

  it('brings a window saved on a vanished monitor back onto the primary one', () => {
    const primary = { x: 0, y: 0, width: 1920, height: 1080 };
    expect(restoreBounds({ x: 3000, y: 200, width: 1200, height: 800, maximized: false }, [primary])).toEqual({
      x: 360,
      y: 140,
      width: 1200,
      height: 800,
      maximized: false,
    });
    expect(restoreBounds({ x: 100, y: 100, width: 1200, height: 800, maximized: true }, [primary])).toMatchObject({ x: 100, y: 100, maximized: true });
    expect(restoreBounds({ width: 300, height: 5000, maximized: false }, [primary])).toEqual({ width: 900, height: 1080, maximized: false });
    expect(restoreBounds(DEFAULT_PREFERENCES.window, [])).toMatchObject({ width: 1280, height: 860 });
  });
});

describe('menus', () => {
  it('has the usual roles on each platform', () => {
    const actions = { openDocs: vi.fn(), openDataFolder: vi.fn() };
    const mac = applicationMenuTemplate('darwin', 'crossbuy', actions);
    expect(mac[0]!.label).toBe('crossbuy');
    const linux = applicationMenuTemplate('linux', 'crossbuy', actions);
    expect(linux.map((m) => m.role ?? m.label)).toEqual(['File', 'editMenu', 'View', 'windowMenu', 'help']);
  });

  it('shows orders in progress and the autopilot toggle in the tray', () => {
    const actions = { open: vi.fn(), toggleAutopilot: vi.fn(), quit: vi.fn() };
    expect(trayTooltip({ ordersInProgress: 1, autopilotPaused: false })).toBe('crossbuy: 1 order in progress');
    const menu = trayMenuTemplate({ ordersInProgress: 3, autopilotPaused: true }, actions);
    expect(menu[0]!.label).toBe('3 orders in progress (autopilot paused)');
    const toggle = menu.find((m) => m.label === 'Resume Autopilot')!;
    (toggle.click as () => void)();
    expect(actions.toggleAutopilot).toHaveBeenCalledOnce();
  });
});
