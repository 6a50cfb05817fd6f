import type { SqliteDatabase } from "~/server/store/sqlite/database.server";
import { assertLeaseName, type LeaseStore } from "./port";

// Leases of the embedded backend: rows of the `leases` table (migration 015), taken in an
// immediate transaction so two workers of WEB_CONCURRENCY asking together cannot both hold one.

export function createSqliteLeases(db: SqliteDatabase): LeaseStore {
  const read = db.prepare<[string], { holder: string; expires_at: number }>(
    "SELECT holder, expires_at FROM leases WHERE name = ?",
  );
  const write = db.prepare<[string, string, number]>(
    "INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?) " +
      "ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at",
  );
  const drop = db.prepare<[string, string]>("DELETE FROM leases WHERE name = ? AND holder = ?");
  const take = db.transaction((name: string, holder: string, until: number, now: number): boolean => {
    const current = read.get(name);
    if (current && current.holder !== holder && current.expires_at > now) return false;
    write.run(name, holder, until);
    return true;
  });
  return {
    async take(name, holder, ttlMs, now = new Date()) {
      assertLeaseName(name);
      return take.immediate(name, holder, now.getTime() + ttlMs, now.getTime());
    },
    async release(name, holder) {
      drop.run(name, holder);
    },
  };
}
