import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRateLimiter, RateLimitedError } from "~/server/services/accounts/rate-limit.server";
import { migrate } from "~/server/store/sqlite/database.server";
import { createSqliteRateLimitStore } from "~/server/store/sqlite/rate-limit-store.server";

// The limiter's rules over a store (SQLite in memory here; the contract suite proves the stores alike).
describe("rate limiter", () => {
  let db: Database.Database;
  let now: number;
  let limiter: ReturnType<typeof createRateLimiter>;
  const limit = { max: 3, windowMs: 60_000 };

  beforeEach(() => {
    db = new Database(":memory:");
    migrate(db);
    now = 1_000_000;
    limiter = createRateLimiter(createSqliteRateLimitStore(db), () => now);
  });
  afterEach(() => db.close());

  it("allows up to the limit in a window, then says how long to wait", async () => {
    for (let i = 0; i < 3; i++) {
      expect(await limiter.retryAfter("k", limit)).toBe(0);
      expect(await limiter.hit("k", limit)).toBe(0);
    }
    expect(await limiter.retryAfter("k", limit)).toBe(60);
    now += 30_000;
    expect(await limiter.retryAfter("k", limit)).toBe(30);
    expect(await limiter.retryAfter("other", limit)).toBe(0);
    now += 30_000;
    expect(await limiter.retryAfter("k", limit)).toBe(0);
  });

  it("refuses the attempt that goes over the limit when counting first", async () => {
    for (let i = 0; i < 3; i++) expect(await limiter.hit("k", limit)).toBe(0);
    now += 15_500;
    expect(await limiter.hit("k", limit)).toBe(45);
    // Refused attempts do not stretch the window: it still ends a minute after the first.
    now += 44_500;
    expect(await limiter.hit("k", limit)).toBe(0);
  });

  it("forgets a key on reset", async () => {
    for (let i = 0; i < 3; i++) await limiter.hit("k", limit);
    await limiter.reset("k");
    expect(await limiter.retryAfter("k", limit)).toBe(0);
  });

  it("words the wait in minutes", () => {
    expect(new RateLimitedError(30).message).toBe("Too many attempts. Please wait 1 minute and try again.");
    expect(new RateLimitedError(600).message).toBe("Too many attempts. Please wait 10 minutes and try again.");
  });
});
