/**
 * The messages between the desktop main process and the core host (the utility process that runs
 * startServer). Types only: both sides import this file, and main imports nothing else of the core.
 * Every message is structured-cloneable (plain JSON-like data).
 */
import type { BridgeRequest, BridgeResponse, ServiceEventMessage } from '../../preload/bridge.js';
import type { TrayState } from '../desktop/menu.js';
import type { NotificationText } from '../desktop/notifications.js';

export type { NotificationText, TrayState };

export interface HostStartOptions {
  dataDir: string;
  port: number;
  portFallback: boolean;
  uiDir: string | null;
}

export interface HostInfo {
  origin: string;
  port: number;
  dataDir: string;
}

/** Main -> host. `start` is the first message (in Electron it carries the MessagePort). */
export type ToHost =
  | { type: 'start'; options: HostStartOptions }
  | { type: 'request'; id: number; request: BridgeRequest }
  | { type: 'toggle-autopilot' }
  | { type: 'stop' };

/** Host -> main. */
export type FromHost =
  | { type: 'ready'; info: HostInfo }
  | { type: 'start-failed'; message: string }
  | { type: 'response'; id: number; response: BridgeResponse }
  | { type: 'request-failed'; id: number; message: string }
  | { type: 'event'; event: ServiceEventMessage }
  | { type: 'notify'; text: NotificationText }
  | { type: 'tray'; state: TrayState }
  | { type: 'stopped' };
