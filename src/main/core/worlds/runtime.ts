import { onKeyCreated } from '../auth/api-keys.js';
import { RateLimiter } from '../auth/rate-limiter.js';
import { AutopilotTimer } from '../autopilot/autopilot.js';
import type { CoreContext } from '../context.js';
import { EventFeed } from '../events/feed.js';
import { openCore, type Core, type CoreOptions } from '../index.js';
import { WebhookDispatcher } from '../webhooks/dispatcher.js';
import { DEFAULT_WORLD } from './world-id.js';

/** What a world is opened with beyond its folder (the options h-determinism's openCore takes). */
export interface WorldOpenOptions {
  frozen: boolean;
  /** A world made now: with the demo data a fresh data folder gets (else only the reference data). */
  demo?: boolean;
  seed?: number;
  clockStart?: string;
  /** The world's ttl (ms), or null: each request moves its expiry. */
  ttlMs?: number | null;
  /** Where the server is reached, so the world's media URLs are absolute. */
  origin: string | null;
  /** Every key made in the world from now on (any route or command): the registry maps it to the world. */
  onKey: (hash: string) => void;
  /**
   * Start the feed, autopilot, webhooks and the key registration at once (default); a world being made
   * starts them when whole (its first key is registered with the world itself).
   */
  start?: boolean;
}

/**
 * One open world: its core (database, clock), event feed, autopilot timer (none for a frozen world: its
 * clock moves only when told), webhook dispatcher and per-key rate-limit windows. Nothing here is shared
 * with another world. Requests pin it while they run, so an idle-close or a reset waits for them.
 */
export class WorldRuntime {
  readonly limiter = new RateLimiter();
  /** Wall-clock ms of the last request (the LRU's order and the ttl's start). */
  lastUsedMs = Date.now();
  /** Wall-clock ms of the last request since the world was opened (null: none yet; opening is no use). */
  usedMs: number | null = null;
  /** Wall-clock ms the registry was last told of a use (touched at most every `touchEveryMs`). */
  touchedMs = 0;
  /** The world's ttl (ms), or null (the default world, a world without one). */
  ttlMs: number | null = null;
  private pins = 0;
  private idleWaiters: (() => void)[] = [];
  private readonly streamEnders = new Set<() => void>();
  private closed = false;

  constructor(
    readonly id: string,
    readonly core: Core,
    readonly ctx: CoreContext,
    readonly feed: EventFeed,
    readonly autopilot: AutopilotTimer | null,
    readonly webhooks: WebhookDispatcher | null,
    readonly frozen: boolean,
    /** Whether close() also closes the core (the default world's core is the server's to close). */
    private readonly ownsCore: boolean,
    private readonly onKey: ((hash: string) => void) | null = null,
  ) {}

  /** Opens a world's folder (its own SQLite database) and starts its feed, autopilot and webhooks. */
  static open(id: string, dir: string, options: WorldOpenOptions): WorldRuntime {
    const coreOptions: CoreOptions = {
      dataDir: dir,
      empty: !options.demo,
      referenceData: true,
      seed: options.seed,
      frozen: options.frozen,
      clockStart: options.clockStart,
    };
    const core = openCore(coreOptions);
    if (options.origin) core.setPublicOrigin(options.origin);
    const base = core.ctx;
    // A world's pictures are served under its own id: /media/... is the default world's.
    const ctx: CoreContext = { ...base, mediaUrl: (path) => (path.startsWith('/') ? `${base.mediaUrl(path)}${path.includes('?') ? '&' : '?'}world=${id}` : path) };
    const feed = new EventFeed(ctx);
    const autopilot = options.frozen ? null : new AutopilotTimer(ctx);
    // The default fetcher: the same SSRF guard as the default world's webhooks.
    const webhooks = new WebhookDispatcher(ctx, undefined, id);
    feed.subscribe(webhooks.onEvent);
    const runtime = new WorldRuntime(id, core, ctx, feed, autopilot, webhooks, options.frozen, true, options.onKey);
    runtime.ttlMs = options.ttlMs ?? null;
    if (options.start ?? true) runtime.start();
    return runtime;
  }

  /** Starts following the event log, the autopilot (unless frozen) and the webhook dispatcher. */
  start(): void {
    if (this.onKey) onKeyCreated(this.core.ctx.db, this.onKey);
    this.feed.start();
    this.autopilot?.start();
    this.webhooks?.start();
  }

  /** The default world: the server's own core and the services it already runs. */
  static ofDefault(core: Core, feed: EventFeed, autopilot: AutopilotTimer | null = null, webhooks: WebhookDispatcher | null = null): WorldRuntime {
    return new WorldRuntime(DEFAULT_WORLD, core, core.ctx, feed, autopilot, webhooks, false, false);
  }

  get isDefault(): boolean {
    return this.id === DEFAULT_WORLD;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  get busy(): boolean {
    return this.pins > 0 || this.streamEnders.size > 0;
  }

  /** A request (or a world file's run) starts on this world. */
  pin(): void {
    this.pins++;
    this.lastUsedMs = Date.now();
    this.usedMs = this.lastUsedMs;
  }

  unpin(): void {
    this.pins--;
    if (this.pins === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Resolves once no request is in flight on this world. */
  whenIdle(): Promise<void> {
    if (this.pins === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** An open event stream: ended when the world is reset, deleted or closed. */
  addStream(end: () => void): () => void {
    this.streamEnders.add(end);
    return () => this.streamEnders.delete(end);
  }

  endStreams(): void {
    for (const end of [...this.streamEnders]) end();
    this.streamEnders.clear();
  }

  /**
   * Stops the world's timers, ends its streams and closes its database (its registry row stays).
   * `discard`: the database is about to be replaced (a reset): closed without checkpointing its WAL,
   * which goes with it.
   */
  async close(options: { discard?: boolean } = {}): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.endStreams();
    await this.autopilot?.stop();
    this.webhooks?.stop();
    this.feed.stop();
    if (this.ownsCore) {
      onKeyCreated(this.core.ctx.db, null);
      if (options.discard) this.core.ctx.db.close();
      else this.core.close();
    }
  }
}
