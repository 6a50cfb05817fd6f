import type { PaymentKeyStore } from "../port";
import type { SqliteDatabase } from "./database.server";

export function createSqlitePaymentKeyStore(db: SqliteDatabase): PaymentKeyStore {
  const forget = db.prepare("DELETE FROM payment_keys WHERE expires_at <= ?");
  const insert = db.prepare("INSERT OR IGNORE INTO payment_keys (key, value_json, expires_at) VALUES (?, ?, ?)");
  const select = db.prepare<[string], { value_json: string }>("SELECT value_json FROM payment_keys WHERE key = ?");
  const unexpired = db.prepare<[string, string], { value_json: string }>(
    "SELECT value_json FROM payment_keys WHERE key = ? AND expires_at > ?",
  );
  // IMMEDIATE: the write lock is taken first, so a concurrent process waits and then reads our row.
  const remember = db.transaction((key: string, value: string, now: string, expiresAt: string) => {
    // Expired keys go first (the index makes this cheap), so a reused key starts afresh.
    forget.run(now);
    insert.run(key, value, expiresAt);
    return select.get(key)!.value_json;
  });
  return {
    async remember(key, value, options) {
      return JSON.parse(remember.immediate(key, JSON.stringify(value), options.now, options.expiresAt)) as Record<
        string,
        unknown
      >;
    },
    async recall(key, { now }) {
      const row = unexpired.get(key, now);
      return row ? (JSON.parse(row.value_json) as Record<string, unknown>) : null;
    },
  };
}
