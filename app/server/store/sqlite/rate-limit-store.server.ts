import crypto from "node:crypto";
import type { RateLimitStore, RateWindow } from "../port";
import type { SqliteDatabase } from "./database.server";

// rate_limits: one row per key. A hit is one UPSERT statement, so it is atomic across every
// process on the file; keys are stored hashed (they hold e-mail and IP addresses).

const hashOf = (key: string) => crypto.createHash("sha256").update(key).digest("hex");

export function createSqliteRateLimitStore(db: SqliteDatabase): RateLimitStore {
  // A window that has ended starts again at 1 (every right-hand side reads the row as it was).
  const hit = db.prepare<{ key: string; at: number; resetAt: number }, { count: number; reset_at: number }>(
    `INSERT INTO rate_limits (key_hash, count, reset_at) VALUES (@key, 1, @resetAt)
     ON CONFLICT (key_hash) DO UPDATE SET
       count = CASE WHEN reset_at <= @at THEN 1 ELSE count + 1 END,
       reset_at = CASE WHEN reset_at <= @at THEN @resetAt ELSE reset_at END
     RETURNING count, reset_at`,
  );
  const peek = db.prepare<[string, number], { count: number; reset_at: number }>(
    "SELECT count, reset_at FROM rate_limits WHERE key_hash = ? AND reset_at > ?",
  );
  const release = db.prepare(
    "UPDATE rate_limits SET count = count - 1 WHERE key_hash = ? AND reset_at > ? AND count > 0",
  );
  const reset = db.prepare("DELETE FROM rate_limits WHERE key_hash = ?");
  const sweep = db.prepare("DELETE FROM rate_limits WHERE reset_at <= ?");
  const toWindow = (row: { count: number; reset_at: number }): RateWindow => ({
    count: row.count,
    resetAt: row.reset_at,
  });

  return {
    async hit(key, windowMs, at) {
      const row = hit.get({ key: hashOf(key), at, resetAt: at + windowMs })!;
      // Housekeeping rides on each new window (the index keeps it cheap) rather than a timer.
      if (row.count === 1) sweep.run(at);
      return toWindow(row);
    },
    async peek(key, at) {
      const row = peek.get(hashOf(key), at);
      return row ? toWindow(row) : null;
    },
    async release(key, at) {
      release.run(hashOf(key), at);
    },
    async reset(key) {
      reset.run(hashOf(key));
    },
  };
}
