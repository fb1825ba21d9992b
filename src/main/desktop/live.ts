import { Notification, type BrowserWindow } from 'electron';
import { IPC_CHANNELS } from '../../preload/bridge.js';
import { currentPace } from '../core/autopilot/autopilot.js';
import { countOrdersInProgress } from '../core/orders/views.js';
import { readSetting, writeSetting } from '../core/settings/settings.js';
import { walletState } from '../core/wallet/ledger.js';
import type { RunningServer } from '../headless/serve.js';
import { LowBalanceWatch, notificationFor, type NotificationText } from './notifications.js';
import type { AppTray } from './tray.js';

function show(text: NotificationText): void {
  if (Notification.isSupported()) new Notification({ title: text.title, body: text.body }).show();
}

/**
 * Connects the service's events to the desktop: pushes each to the window (live updates), shows the
 * notifications that matter, keeps the tray's count fresh. Autopilot pause and resume go through the
 * same setting the admin API writes.
 */
export function connectDesktop(server: RunningServer, window: () => BrowserWindow | null, tray: AppTray | null): () => void {
  const lowBalance = new LowBalanceWatch();
  const refreshTray = () => tray?.update({ ordersInProgress: countOrdersInProgress(server.core.ctx), autopilotPaused: currentPace(server.core.ctx) === 'off' });
  refreshTray();
  const unsubscribe = server.events.subscribe((event) => {
    const target = window();
    if (target && !target.isDestroyed()) target.webContents.send(IPC_CHANNELS.event, { type: event.type, data: event.data });
    const text = notificationFor(event);
    if (text) show(text);
    if (event.type === 'wallet.transaction_created' || event.type === 'shipping.created') {
      const wallet = walletState(server.core.ctx, event.userId);
      const warning = lowBalance.check(wallet.available, readSetting(server.core.ctx.db, 'lowBalanceThresholdMinor'), server.core.ctx.currency);
      if (warning) show(warning);
    }
    if (event.type.startsWith('order.')) refreshTray();
  });
  return unsubscribe;
}

/** The tray's Pause/Resume Autopilot: off, or back to the pace it had (realistic when unknown). */
export function toggleAutopilot(server: RunningServer, remembered: { pace: 'realistic' | 'demo' }): 'off' | 'realistic' | 'demo' {
  const db = server.core.ctx.db;
  const pace = currentPace(server.core.ctx);
  const next = pace === 'off' ? remembered.pace : 'off';
  if (pace !== 'off') remembered.pace = pace;
  db.transaction(() => writeSetting(db, 'autopilotPace', next)).immediate();
  return next;
}
