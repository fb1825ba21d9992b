import type { CoreContext } from '../context.js';
import type { ServiceEvent } from './catalog.js';
import { groupCommit } from '../db/group-commit.js';
import { eventsAfter, lastEventId } from './log.js';

export type EventListener = (event: ServiceEvent) => void;

/**
 * Follows the event log and hands each new event to the listeners (SSE streams, the desktop window,
 * webhooks, notifications). Polling an indexed id is a few microseconds, and unlike an in-process emitter
 * it sees events committed by other processes and never announces a change that was rolled back.
 */
export class EventFeed {
  private readonly listeners = new Set<EventListener>();
  private cursor: number;
  private timer: NodeJS.Timeout | null = null;
  private unhook: (() => void) | null = null;
  private pollQueued = false;

  constructor(
    private readonly ctx: CoreContext,
    private readonly intervalMs = 200,
  ) {
    this.cursor = lastEventId(ctx);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.poll(), this.intervalMs);
    this.timer.unref();
    // Right after a batch of writes commits, not up to an interval later; off the request's own path.
    this.unhook = groupCommit(this.ctx.db).onCommit(() => {
      if (this.pollQueued || this.listeners.size === 0) return;
      this.pollQueued = true;
      setImmediate(() => {
        this.pollQueued = false;
        this.poll();
      });
    });
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unhook?.();
    this.unhook = null;
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Delivers everything committed since the last poll; returns how many events went out. */
  poll(): number {
    // Inside an open group-commit batch the log holds rows that are not committed yet: publish them after.
    if (!this.ctx.db.open || this.ctx.db.inTransaction) return 0;
    let delivered = 0;
    for (;;) {
      const batch = eventsAfter(this.ctx, this.cursor);
      if (batch.length === 0) return delivered;
      for (const event of batch) {
        this.cursor = event.id;
        delivered++;
        for (const listener of this.listeners) {
          try {
            listener(event);
          } catch {
            // One broken listener (a closed stream) must not stop the others.
          }
        }
      }
    }
  }

  get position(): number {
    return this.cursor;
  }
}
