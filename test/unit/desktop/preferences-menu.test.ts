import { describe, expect, it, vi } from 'vitest';
import { applicationMenuTemplate, trayMenuTemplate, trayTooltip } from '../../../src/main/desktop/menu.js';
import { debounced, DEFAULT_PREFERENCES, MemoryPreferenceStore, restoreBounds } from '../../../src/main/desktop/preferences.js';

describe('preferences', () => {
  it('starts from defaults and validates what is stored', () => {
    const store = new MemoryPreferenceStore();
    expect(store.get('port')).toBe(4680);
    store.set('startMinimized', true);
    expect(store.get('startMinimized')).toBe(true);
    expect(() => store.set('startMinimized', 'yes' as never)).toThrow(/startMinimized/);
    expect(() => store.set('port', 80)).toThrow(/port/);
    expect(() => store.set('window', { width: 'wide' } as never)).toThrow(/window/);
    expect(store.get('startMinimized')).toBe(true);
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

describe('window bounds are saved while moving and resizing, debounced', () => {
  it('writes once after the last event, and at once on close', () => {
    vi.useFakeTimers();
    try {
      let writes = 0;
      const remember = debounced(() => writes++, 500);
      for (let i = 0; i < 30; i++) {
        remember.schedule();
        vi.advanceTimersByTime(20);
      }
      expect(writes).toBe(0);
      vi.advanceTimersByTime(500);
      expect(writes).toBe(1);
      remember.schedule();
      remember.now();
      vi.advanceTimersByTime(1000);
      expect(writes).toBe(2);
    } finally {
      vi.useRealTimers();
    }
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

describe('desktop notifications', () => {
  const event = <T extends string>(type: T, data: Record<string, unknown>) => ({ id: 1, type, userId: 1, data, createdAt: '2026-01-01T00:00:00.000Z' }) as never;

  it('tells of arrivals, shipments, deliveries and refunds, and nothing else', async () => {
    const { notificationFor } = await import('../../../src/main/desktop/notifications.js');
    expect(notificationFor(event('package.arrived', { packageId: 1, orderNo: 'PO1', productName: 'Mug', weight: 300 }))).toEqual({
      title: 'Arrived at the warehouse',
      body: 'Mug (300 g) from order PO1',
    });
    expect(notificationFor(event('shipping.status_changed', { orderNo: 'SO1', from: 'pending', to: 'shipped', trackingNo: 'DH1' }))!.body).toContain('DH1');
    expect(notificationFor(event('shipping.status_changed', { orderNo: 'SO1', from: 'shipped', to: 'delivered', trackingNo: 'DH1' }))!.title).toBe('Parcel delivered');
    expect(notificationFor(event('shipping.status_changed', { orderNo: 'SO1', from: 'pending', to: 'cancelled', trackingNo: '' }))).toBeNull();
    expect(notificationFor(event('order.status_changed', { orderNo: 'PO1', from: 'pending', to: 'paid', note: '' }))).toBeNull();
    expect(notificationFor(event('wallet.transaction_created', { id: 1 }))).toBeNull();
  });

  it('warns of a low balance once per crossing', async () => {
    const { LowBalanceWatch } = await import('../../../src/main/desktop/notifications.js');
    const watch = new LowBalanceWatch();
    expect(watch.check(60_000, 50_000, 'CNY')).toBeNull();
    expect(watch.check(40_000, 50_000, 'CNY')!.body).toBe('400.00 CNY available; deposit in the back office');
    expect(watch.check(30_000, 50_000, 'CNY')).toBeNull();
    expect(watch.check(70_000, 50_000, 'CNY')).toBeNull();
    expect(watch.check(10_000, 50_000, 'CNY')).not.toBeNull();
    expect(watch.check(10_000, 0, 'CNY')).toBeNull();
  });
});
