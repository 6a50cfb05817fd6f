import path from "node:path";
import Database from "better-sqlite3";
import { DATABASE_FILE } from "~/server/store/sqlite/database.server";

// Backups counted in the database they copy (migration 028), so every process that takes one (the
// schedule of each WEB_CONCURRENCY worker, `npm run backup` run by hand) adds to one count, which
// /metrics reports as hemline_backups_total. A result that cannot be written there (the database
// itself is unreadable: the usual reason a backup fails) is kept in this process instead.

export type BackupResult = "ok" | "failed";
export type BackupCounts = Record<BackupResult, number>;

const unrecorded: BackupCounts = { ok: 0, failed: 0 };

function open(dataDir: string, readonly: boolean): Database.Database {
  return new Database(path.join(dataDir, DATABASE_FILE), { fileMustExist: true, readonly, timeout: 5000 });
}

/** Adds one backup of `result` to dataDir's count (or, when the database cannot take it, this process's). */
export function countBackup(dataDir: string, result: BackupResult): void {
  try {
    const db = open(dataDir, false);
    try {
      db.prepare<[string]>(
        "INSERT INTO backup_counts (result, n) VALUES (?, 1) ON CONFLICT (result) DO UPDATE SET n = n + 1",
      ).run(result);
    } finally {
      db.close();
    }
  } catch {
    unrecorded[result] += 1;
  }
}

/** Backups taken on dataDir by every process, with those only this process knows of. */
export function backupCountsOf(dataDir: string): BackupCounts {
  const counts = { ...unrecorded };
  try {
    const db = open(dataDir, true);
    try {
      const rows = db.prepare<[], { result: string; n: number }>("SELECT result, n FROM backup_counts").all();
      for (const { result, n } of rows) if (result === "ok" || result === "failed") counts[result] += n;
    } finally {
      db.close();
    }
  } catch {
    // No database (yet) or one from before migration 028: what this process counted.
  }
  return counts;
}
