import type { WireBatch } from './log-batch.js';
import type { RequestLogStore } from './log-store.js';

/**
 * The log thread's queue of posted batches, written together every FLUSH_MS (one commit for many: each
 * touched page written once) or sooner when FLUSH_BATCHES wait; a query writes what is pending first, so it
 * sees every entry posted before it. A write that fails (a full disk, a lock held too long) loses its
 * batches, is reported, and the log goes on: one bad moment must not switch the log off until a restart.
 */
const FLUSH_MS = 50;
const FLUSH_BATCHES = 16;

export class PendingWrites {
  private pending: WireBatch[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: Pick<RequestLogStore, 'write'>,
    private readonly onError: (error: unknown, lostBatches: number) => void,
  ) {}

  add(batch: WireBatch): void {
    if (this.pending.push(batch) >= FLUSH_BATCHES) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length === 0) return;
    const batches = this.pending;
    this.pending = [];
    try {
      this.store.write(batches);
    } catch (error) {
      this.onError(error, batches.length);
    }
  }
}
