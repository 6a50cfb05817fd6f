import type { SqliteDatabase } from "~/server/store/sqlite/database.server";
import type { IndexSnapshotStore } from "./port";

// The embedded backend's snapshot: a row of the database file (migration 015), so a restart at
// 100,000 products loads the index in under a second instead of rebuilding it, and the workers of
// WEB_CONCURRENCY share one build (decision 0021).

const NAME = "catalogue-index";

export function createSqliteIndexSnapshots(db: SqliteDatabase): IndexSnapshotStore {
  const select = db.prepare<[string], { bytes: Buffer }>("SELECT bytes FROM index_snapshots WHERE name = ?");
  const upsert = db.prepare<[string, Buffer, string]>(
    "INSERT INTO index_snapshots (name, bytes, written_at) VALUES (?, ?, ?) " +
      "ON CONFLICT (name) DO UPDATE SET bytes = excluded.bytes, written_at = excluded.written_at",
  );
  return {
    async read() {
      const row = select.get(NAME);
      return row ? new Uint8Array(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) : null;
    },
    async write(bytes) {
      upsert.run(NAME, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), new Date().toISOString());
    },
  };
}
