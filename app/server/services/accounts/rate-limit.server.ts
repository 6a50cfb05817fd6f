// Fixed-window attempt counters. In memory: enough for one embedded server; a fleet on the
// Firebase backend should put a shared limiter (or the platform's) in front as well.

export interface Limit {
  max: number;
  windowMs: number;
}

export class RateLimiter {
  private windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private now: () => number = Date.now) {}

  /** Seconds until `key` may try again, or 0 when it may try now. */
  retryAfter(key: string, limit: Limit): number {
    const entry = this.windows.get(key);
    const at = this.now();
    if (!entry || entry.resetAt <= at) return 0;
    return entry.count >= limit.max ? Math.ceil((entry.resetAt - at) / 1000) : 0;
  }

  hit(key: string, limit: Limit): void {
    const at = this.now();
    const entry = this.windows.get(key);
    if (!entry || entry.resetAt <= at) {
      this.windows.set(key, { count: 1, resetAt: at + limit.windowMs });
      if (this.windows.size > 50_000) this.sweep(at);
    } else {
      entry.count += 1;
    }
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(at: number) {
    for (const [key, entry] of this.windows) if (entry.resetAt <= at) this.windows.delete(key);
  }
}

const MINUTE = 60_000;

export const LIMITS = {
  signInPerEmail: { max: 5, windowMs: 15 * MINUTE },
  signInPerIp: { max: 50, windowMs: 15 * MINUTE },
  registerPerIp: { max: 20, windowMs: 60 * MINUTE },
  resetPerEmail: { max: 3, windowMs: 60 * MINUTE },
  resetPerIp: { max: 20, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>;

export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`);
    this.name = "RateLimitedError";
  }
}
