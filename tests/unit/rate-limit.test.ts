import { describe, expect, it } from "vitest";
import { RateLimitedError, RateLimiter } from "~/server/services/accounts/rate-limit.server";

describe("RateLimiter", () => {
  it("allows up to the limit in a window, then says how long to wait", () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    const limit = { max: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter("k", limit)).toBe(0);
      limiter.hit("k", limit);
    }
    expect(limiter.retryAfter("k", limit)).toBe(60);
    now = 30_000;
    expect(limiter.retryAfter("k", limit)).toBe(30);
    expect(limiter.retryAfter("other", limit)).toBe(0);
    now = 60_000;
    expect(limiter.retryAfter("k", limit)).toBe(0);
  });
  it("words the wait in minutes", () => {
    expect(new RateLimitedError(30).message).toBe("Too many attempts. Please wait 1 minute and try again.");
    expect(new RateLimitedError(600).message).toBe("Too many attempts. Please wait 10 minutes and try again.");
  });
});
