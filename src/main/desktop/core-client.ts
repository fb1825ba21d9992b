import type { BridgeRequest, BridgeResponse, CoreStatus, ServiceEventMessage } from '../../preload/bridge.js';
import type { FromHost, HostInfo, HostStartOptions, NotificationText, ToHost, TrayState } from '../core-host/protocol.js';

/** One running core host, whatever starts it (Electron's utilityProcess, or child_process.fork in tests). */
export interface HostProcess {
  post(message: ToHost): void;
  onMessage(listener: (message: FromHost) => void): void;
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
}

export interface CoreClientHooks {
  event?(event: ServiceEventMessage): void;
  notify?(text: NotificationText): void;
  tray?(state: TrayState): void;
  /** The host died unexpectedly; `restarting` says whether another start follows. */
  crashed?(info: { code: number | null; crashes: number; restarting: boolean }): void;
  /** The host is answering again after a crash (same data folder, same port where free). */
  restarted?(info: HostInfo): void;
  /** The state the window shows changed (a crash, the restart, giving up): push it to the window. */
  status?(status: CoreStatus): void;
}

/** Crashes within this window count together; past MAX_CRASHES in it the client stops restarting. */
const CRASH_WINDOW_MS = 60_000;
const MAX_CRASHES = 5;
const STOP_TIMEOUT_MS = 15_000;

/** The page's answer while the core restarts: the API's error shape, so the UI shows it like any error. */
export function unavailable(message: string): BridgeResponse {
  return { status: 503, headers: { 'content-type': 'application/json; charset=utf-8' }, body: { statusCode: 503, message, error: 'Service Unavailable' } };
}

/**
 * The desktop main process's side of the core: starts the host, forwards bridge requests to it and
 * routes what it sends back (events, notification texts, tray state). When the host dies unexpectedly,
 * the requests in flight are answered 503 (their writes either committed before the crash or never
 * happened: every acknowledged write is on disk), the window is told, and a new host starts on the same
 * data folder; requests arriving meanwhile wait for it. No SQLite, no core code in this process.
 */
export class CoreClient {
  private process: HostProcess | null = null;
  private info: HostInfo | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (response: BridgeResponse) => void; reject: (error: Error) => void }>();
  private ready: Promise<HostInfo> | null = null;
  private crashTimes: number[] = [];
  private stopping = false;
  private stopped: (() => void) | null = null;
  private state: CoreStatus = { state: 'running', message: 'The service is running' };

  constructor(
    private readonly spawn: () => HostProcess,
    private options: HostStartOptions,
    private readonly hooks: CoreClientHooks = {},
  ) {}

  /** Starts the host; resolves when it answers (its API origin and port), rejects when it cannot start. */
  start(): Promise<HostInfo> {
    this.ready = this.launch();
    return this.ready;
  }

  get current(): HostInfo | null {
    return this.info;
  }

  /**
   * What the window should show now. Kept here, not only pushed on a change: a window that loads (or
   * reloads) after the change asks for it at start, so a core that gave up is never shown as fine.
   */
  get status(): CoreStatus {
    return this.state;
  }

  private setStatus(status: CoreStatus): void {
    this.state = status;
    this.hooks.status?.(status);
  }

  private launch(): Promise<HostInfo> {
    return new Promise<HostInfo>((resolve, reject) => {
      const host = this.spawn();
      this.process = host;
      let started = false;
      host.onMessage((message) => {
        switch (message.type) {
          case 'ready':
            started = true;
            this.info = message.info;
            resolve(message.info);
            return;
          case 'start-failed':
            reject(new Error(message.message));
            return;
          case 'response':
            this.settle(message.id, message.response);
            return;
          case 'request-failed': {
            const waiting = this.pending.get(message.id);
            this.pending.delete(message.id);
            waiting?.reject(new Error(message.message));
            return;
          }
          case 'event':
            this.hooks.event?.(message.event);
            return;
          case 'notify':
            this.hooks.notify?.(message.text);
            return;
          case 'tray':
            this.hooks.tray?.(message.state);
            return;
          case 'stopped':
            return;
        }
      });
      host.onExit((code) => {
        if (this.process === host) this.process = null;
        if (this.stopping) {
          this.stopped?.();
          return;
        }
        if (!started) {
          reject(new Error(`the core process exited while starting (code ${code})`));
          return;
        }
        this.crashed(code);
      });
      host.post({ type: 'start', options: this.options });
    });
  }

  private crashed(code: number | null): void {
    const now = Date.now();
    this.crashTimes = [...this.crashTimes.filter((t) => now - t < CRASH_WINDOW_MS), now];
    const restarting = this.crashTimes.length <= MAX_CRASHES;
    for (const [id, waiting] of this.pending) {
      this.pending.delete(id);
      waiting.resolve(unavailable('The service stopped unexpectedly and is restarting; try again'));
    }
    this.hooks.crashed?.({ code, crashes: this.crashTimes.length, restarting });
    this.setStatus({ state: restarting ? 'restarting' : 'failed', message: `The service stopped unexpectedly (code ${code})` });
    if (!restarting) {
      this.ready = Promise.reject(new Error('the core process keeps crashing'));
      this.ready.catch(() => {});
      return;
    }
    // The same folder and, where it is free again, the same port: scripts keep their URL.
    if (this.info) this.options = { ...this.options, port: this.info.port, portFallback: true };
    this.ready = this.launch();
    this.ready.then(
      (info) => {
        this.hooks.restarted?.(info);
        this.setStatus({ state: 'running', message: 'The service restarted; nothing acknowledged was lost' });
      },
      () => this.crashed(null),
    );
  }

  private settle(id: number, response: BridgeResponse): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    waiting.resolve(response);
  }

  /** A bridge request, answered by the host's route table (or 503 while it cannot be); rejects when the host refuses its shape. */
  async request(request: BridgeRequest): Promise<BridgeResponse> {
    if (this.stopping) return unavailable('The service is stopping');
    try {
      await this.ready;
    } catch {
      return unavailable('The service could not be started');
    }
    const host = this.process;
    if (!host) return unavailable('The service is restarting; try again');
    const id = this.nextId++;
    return new Promise<BridgeResponse>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      host.post({ type: 'request', id, request });
    });
  }

  toggleAutopilot(): void {
    this.process?.post({ type: 'toggle-autopilot' });
  }

  /** Stops the host cleanly (the server drains, the WAL is checkpointed, the database closed). */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    const host = this.process;
    if (!host) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        host.kill();
        resolve();
      }, STOP_TIMEOUT_MS);
      this.stopped = () => {
        clearTimeout(timer);
        resolve();
      };
      host.post({ type: 'stop' });
    });
  }
}
