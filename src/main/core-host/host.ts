import { currentPace } from '../core/autopilot/autopilot.js';
import { countOrdersInProgress } from '../core/orders/views.js';
import { readSetting, writeSetting } from '../core/settings/settings.js';
import { walletState } from '../core/wallet/ledger.js';
import { fromInjectResponse, toInjectRequest } from '../desktop/ipc-request.js';
import { LowBalanceWatch, notificationFor } from '../desktop/notifications.js';
import { startServer, type RunningServer } from '../headless/serve.js';
import { applyWorldFile } from '../core/worlds/file/apply.js';
import type { FromHost, ToHost, TrayState } from './protocol.js';

/** Where the host reads and writes its messages: a MessagePort in Electron, the fork channel in tests. */
export interface HostChannel {
  send(message: FromHost): void;
  onMessage(listener: (message: ToHost) => void): void;
}

function trayState(server: RunningServer): TrayState {
  return { ordersInProgress: countOrdersInProgress(server.core.ctx), autopilotPaused: currentPace(server.core.ctx) === 'off' };
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

/**
 * The core host: the service core, the localhost API, the autopilot and webhooks (startServer, exactly
 * as headless mode runs them), answering the desktop's bridge requests through the same route table
 * (`inject`) and pushing events, notification texts and the tray's state back. No Electron here: the
 * same code runs in Electron's utility process and, in tests, in a child_process.fork.
 */
export function runHost(channel: HostChannel, exit: (code: number) => void = (code) => process.exit(code)): void {
  let server: RunningServer | null = null;
  let stopping = false;
  const remembered: { pace: 'realistic' | 'demo' } = { pace: 'realistic' };
  const lowBalance = new LowBalanceWatch();

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    try {
      await server?.stop();
    } finally {
      channel.send({ type: 'stopped' });
      // Let the last message leave before the process goes.
      setImmediate(() => exit(code));
    }
  };

  const start = async (options: Extract<ToHost, { type: 'start' }>['options']) => {
    try {
      server = await startServer({ dataDir: options.dataDir, port: options.port, portFallback: options.portFallback, uiDir: options.uiDir, applyFile: applyWorldFile });
    } catch (error) {
      channel.send({ type: 'start-failed', message: error instanceof Error ? error.message : String(error) });
      setImmediate(() => exit(1));
      return;
    }
    const running = server;
    running.events.subscribe((event) => {
      channel.send({ type: 'event', event: { type: event.type, data: event.data, world: 'default' } as never });
      const text = notificationFor(event);
      if (text) channel.send({ type: 'notify', text });
      if (event.type === 'wallet.transaction_created' || event.type === 'shipping.created') {
        const wallet = walletState(running.core.ctx, event.userId);
        const warning = lowBalance.check(wallet.available, readSetting(running.core.ctx.db, 'lowBalanceThresholdMinor'), running.core.ctx.currency);
        if (warning) channel.send({ type: 'notify', text: warning });
      }
      if (event.type.startsWith('order.')) channel.send({ type: 'tray', state: trayState(running) });
    });
    channel.send({ type: 'ready', info: { origin: running.origin, port: running.port, dataDir: running.core.dataDir } });
    channel.send({ type: 'tray', state: trayState(running) });
  };

  channel.onMessage((message) => {
    switch (message.type) {
      case 'start':
        if (!server) void start(message.options);
        return;
      case 'request': {
        const running = server;
        if (!running || stopping) {
          channel.send({ type: 'request-failed', id: message.id, message: 'the service is not running' });
          return;
        }
        let request;
        try {
          request = toInjectRequest(message.request, running.sessionToken);
        } catch (error) {
          channel.send({ type: 'request-failed', id: message.id, message: error instanceof Error ? error.message : String(error) });
          return;
        }
        running.app.inject(request).then(
          (response) => channel.send({ type: 'response', id: message.id, response: fromInjectResponse({ statusCode: response.statusCode, headers: response.headers, body: response.body }) }),
          (error: unknown) => channel.send({ type: 'request-failed', id: message.id, message: error instanceof Error ? error.message : String(error) }),
        );
        return;
      }
      case 'toggle-autopilot':
        if (server) {
          toggleAutopilot(server, remembered);
          channel.send({ type: 'tray', state: trayState(server) });
        }
        return;
      case 'stop':
        void stop(0);
        return;
    }
  });
}
