import type { SqliteDatabase } from "~/server/store/sqlite/database.server";
import type { IndexSnapshotStore } from "./port";

// The embedded backend's snapshot: a row of the database file (migration 015), so a restart at
// 100,000 products loads the index in under a second instead of rebuilding it, and the workers of
// WEB_CONCURRENCY share one build (decision 0021). The lease is a row too, taken in an immediate
// transaction so two workers starting together cannot both hold it.

const NAME = "catalogue-index";

export function createSqliteIndexSnapshots(db: SqliteDatabase): IndexSnapshotStore {
  const select = db.prepare<[string], { bytes: Buffer }>("SELECT bytes FROM index_snapshots WHERE name = ?");
  const upsert = db.prepare<[string, Buffer, string]>(
    "INSERT INTO index_snapshots (name, bytes, written_at) VALUES (?, ?, ?) " +
      "ON CONFLICT (name) DO UPDATE SET bytes = excluded.bytes, written_at = excluded.written_at",
  );
  const readLease = db.prepare<[string], { holder: string; expires_at: number }>(
    "SELECT holder, expires_at FROM leases WHERE name = ?",
  );
  const writeLease = db.prepare<[string, string, number]>(
    "INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?) " +
      "ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at",
  );
  const dropLease = db.prepare<[string, string]>("DELETE FROM leases WHERE name = ? AND holder = ?");
  const take = db.transaction((holder: string, until: number, now: number): boolean => {
    const current = readLease.get(NAME);
    if (current && current.holder !== holder && current.expires_at > now) return false;
    writeLease.run(NAME, holder, until);
    return true;
  });
  return {
    async read() {
      const row = select.get(NAME);
      return row ? new Uint8Array(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) : null;
    },
    async write(bytes) {
      upsert.run(NAME, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), new Date().toISOString());
    },
    async lease(holder, ttlMs, now = new Date()) {
      return take.immediate(holder, now.getTime() + ttlMs, now.getTime());
    },
    async release(holder) {
      dropLease.run(NAME, holder);
    },
  };
}
