import type { OnceStore } from "../port";
import type { SqliteDatabase } from "./database.server";

export function createSqliteOnceStore(db: SqliteDatabase): OnceStore {
  const read = db.prepare<[string], { claimed_at: string; done: number }>(
    "SELECT claimed_at, done FROM once_claims WHERE key = ?",
  );
  const write = db.prepare<[string, string]>(
    "INSERT INTO once_claims (key, claimed_at, done) VALUES (?, ?, 0) ON CONFLICT (key) DO UPDATE SET claimed_at = excluded.claimed_at",
  );
  const finish = db.prepare<[string]>("UPDATE once_claims SET done = 1 WHERE key = ?");
  const claim = db.transaction((key: string, now: Date, staleMs: number) => {
    const row = read.get(key);
    if (row?.done) return "done" as const;
    if (row && Date.parse(row.claimed_at) > now.getTime() - staleMs) return "held" as const;
    write.run(key, now.toISOString());
    return "claimed" as const;
  });
  return {
    async claim(key, { now, staleMs }) {
      return claim.immediate(key, now, staleMs);
    },
    async finish(key) {
      finish.run(key);
    },
  };
}
