import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { BackupError } from "./backup-error";

// How a restore knows the shop is serving the same DATA_DIR: every serving process holds a read
// lock on DATA_DIR/serving.lock (a tiny SQLite file, rollback journal) for as long as it runs,
// and a restore needs that file's exclusive lock. The operating system drops a process's locks
// when it ends however it ends, so a crashed shop never leaves a stale lock behind (a pid file
// would, and a reused pid would fool it); any number of workers (WEB_CONCURRENCY) or shops can
// hold the read lock together. Like SQLite itself, it needs a local filesystem (not NFS).

export const SERVING_LOCK_FILE = "serving.lock";

let held: Database.Database | undefined;

/** Called once by a serving process: held until it exits. Waits while a restore runs into dataDir. */
export function holdServingLock(dataDir: string, waitMs = 60_000): void {
  if (held) return;
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = new Database(path.join(dataDir, SERVING_LOCK_FILE), { timeout: waitMs });
  try {
    lock.exec("BEGIN");
    // A read inside an open transaction takes the shared lock and keeps it until COMMIT, which never comes.
    lock.prepare("SELECT count(*) FROM sqlite_master").get();
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === "SQLITE_BUSY")
      throw new Error(`A restore is running into ${dataDir}: start the shop once it has finished.`);
    throw error;
  }
  held = lock;
}

/**
 * Runs fn holding dataDir's exclusive lock, so no shop serves it meanwhile; refuses at once when one
 * does, saying what waits for it to stop (`doing`: "restoring", "migrating").
 */
export async function whileNotServed<T>(dataDir: string, fn: () => Promise<T> | T, doing = "restoring"): Promise<T> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = new Database(path.join(dataDir, SERVING_LOCK_FILE), { timeout: 0 });
  try {
    try {
      lock.exec("BEGIN EXCLUSIVE");
    } catch (error) {
      if ((error as { code?: string }).code === "SQLITE_BUSY")
        throw new BackupError(`A shop is serving ${dataDir}: stop it (every process of it) before ${doing}.`);
      throw error;
    }
    return await fn();
  } finally {
    if (lock.inTransaction) lock.exec("ROLLBACK");
    lock.close();
  }
}
