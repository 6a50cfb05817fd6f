import type { RateLimitStore } from "~/server/store/port";

// Rate limits: the rules (how many attempts per window, the message, how long to wait) over the
// store's shared counters, so every instance of the shop counts the same attempts (SQLite file on
// the embedded default, Firestore on the Firebase backend).

export interface Limit {
  max: number;
  windowMs: number;
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export function createRateLimiter(store: RateLimitStore, now: () => number = Date.now) {
  const secondsUntil = (resetAt: number, at: number) => Math.max(1, Math.ceil((resetAt - at) / 1000));
  return {
    /** Seconds until `key` may try again, or 0 when it may try now. Counts nothing. */
    async retryAfter(key: string, limit: Limit): Promise<number> {
      const at = now();
      const window = await store.peek(key, at);
      return window && window.count >= limit.max ? secondsUntil(window.resetAt, at) : 0;
    },

    /**
     * Count an attempt; the seconds to wait when it is over the limit (refuse it), else 0. Counting
     * first and then deciding means concurrent attempts on any instance cannot all slip under it.
     */
    async hit(key: string, limit: Limit): Promise<number> {
      const at = now();
      const window = await store.hit(key, limit.windowMs, at);
      return window.count > limit.max ? secondsUntil(window.resetAt, at) : 0;
    },

    /** Take back an attempt counted up front that turned out not to count (a successful sign-in). */
    async release(key: string): Promise<void> {
      await store.release(key, now());
    },

    async reset(key: string): Promise<void> {
      await store.reset(key);
    },
  };
}

const MINUTE = 60_000;

export const LIMITS = {
  /** Failed sign-ins on one account, from any address (guessing one account's password). */
  signInPerEmail: { max: 5, windowMs: 15 * MINUTE },
  /** Failed sign-ins from one client address, on any accounts (password spraying). */
  signInPerIp: { max: 50, windowMs: 15 * MINUTE },
  registerPerIp: { max: 20, windowMs: 60 * MINUTE },
  /** "Someone tried to register with your address" e-mails to one address (no mail bombing). */
  registrationNoticePerEmail: { max: 3, windowMs: 60 * MINUTE },
  resetPerEmail: { max: 3, windowMs: 60 * MINUTE },
  resetPerIp: { max: 20, windowMs: 60 * MINUTE },
  /** Declined card payments (card testing): per client address, and per cart or order. */
  declinedPerIp: { max: 20, windowMs: 60 * MINUTE },
  declinedPerCheckout: { max: 10, windowMs: 60 * MINUTE },
  /** Back-in-stock alerts asked for from one client address, and confirmations sent to one address (no mail bombing). */
  stockAlertsPerIp: { max: 20, windowMs: 60 * MINUTE },
  stockAlertsPerEmail: { max: 5, windowMs: 60 * MINUTE },
  /** Gift-card codes that opened no card, from one client address (checkout and the balance page: guessing codes). */
  giftCardMissesPerIp: { max: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;

/** "Too many attempts. Please wait N minutes and try again." */
export function rateLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(rateLimitMessage(retryAfterSeconds));
    this.name = "RateLimitedError";
  }
}
