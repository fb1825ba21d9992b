/**
 * A per-key fixed-window limiter (requests per minute). Hand-written rather than @fastify/rate-limit
 * because the contract wants `X-RateLimit-Reset` as Unix seconds and a per-key limit read from the key
 * record; the plugin reports seconds-until-reset. Wall time, not the service clock: advancing a demo
 * clock must not refill buckets.
 */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the window resets. */
  resetAt: number;
  /** Seconds to wait, when not allowed. */
  retryAfter: number;
}

const WINDOW_MS = 60_000;

export class RateLimiter {
  private readonly windows = new Map<number, { start: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  hit(keyId: number, limit: number): RateDecision {
    const now = this.now();
    let window = this.windows.get(keyId);
    if (!window || now - window.start >= WINDOW_MS) {
      window = { start: now, count: 0 };
      this.windows.set(keyId, window);
      if (this.windows.size > 10_000) this.sweep(now);
    }
    const resetMs = window.start + WINDOW_MS;
    const resetAt = Math.ceil(resetMs / 1000);
    if (window.count >= limit) {
      return { allowed: false, limit, remaining: 0, resetAt, retryAfter: Math.max(1, Math.ceil((resetMs - now) / 1000)) };
    }
    window.count++;
    return { allowed: true, limit, remaining: limit - window.count, resetAt, retryAfter: 0 };
  }

  private sweep(now: number): void {
    for (const [id, w] of this.windows) if (now - w.start >= WINDOW_MS) this.windows.delete(id);
  }
}
