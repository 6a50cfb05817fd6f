import path from "node:path";
import { freeBytes } from "../free-space.server";
import { MIN_FREE_BYTES, StorageFullError } from "../storage-full";
import type { SqliteDatabase } from "./database.server";

// A full disk (or a quota) reaches better-sqlite3 as SQLITE_FULL, or as SQLITE_IOERR_WRITE when the
// write itself fails (EFBIG, EDQUOT). The statement, or the whole transaction, is rolled back by
// SQLite and better-sqlite3, so nothing is half-written: here it becomes StorageFullError, and the
// store remembers it so /healthz can say so until a write gets through again.

const FULL_CODES = new Set(["SQLITE_FULL", "SQLITE_IOERR_WRITE"]);

export function isSqliteStorageFull(error: unknown): boolean {
  return FULL_CODES.has((error as { code?: unknown } | null)?.code as string);
}

const watches = new WeakMap<SqliteDatabase, StorageWatch>();

/** The one watch of a database (its store and the local identity provider share it). */
export function storageWatchOf(db: SqliteDatabase): StorageWatch {
  let watch = watches.get(db);
  if (!watch) watches.set(db, (watch = createStorageWatch(db)));
  return watch;
}

export type StorageWatch = ReturnType<typeof createStorageWatch>;

/** Whether the database can write, and a guard that turns its full-disk errors into StorageFullError. */
function createStorageWatch(db: SqliteDatabase) {
  let fullSeen = false;
  const dir = db.memory ? null : path.dirname(db.name);
  // A committed write and its removal: SQLite appends both to the WAL, as any real write does.
  const probeWrite = db.prepare(
    "INSERT INTO once_claims (key, claimed_at, done) VALUES ('storage-probe', '', 1) ON CONFLICT (key) DO NOTHING",
  );
  const probeClear = db.prepare("DELETE FROM once_claims WHERE key = 'storage-probe'");

  function translated(error: unknown): unknown {
    if (!isSqliteStorageFull(error)) return error;
    fullSeen = true;
    return new StorageFullError(error);
  }

  /** The object, with every method throwing StorageFullError instead of SQLite's full-disk errors. */
  function guard<T extends object>(target: T): T {
    return new Proxy(target, {
      get(object, property, receiver) {
        const value = Reflect.get(object, property, receiver);
        if (typeof value !== "function") return value;
        return function (this: unknown, ...args: unknown[]) {
          try {
            const result = value.apply(this === receiver ? object : this, args);
            return result instanceof Promise
              ? result.catch((error: unknown) => {
                  throw translated(error);
                })
              : result;
          } catch (error) {
            throw translated(error);
          }
        };
      },
    });
  }

  /** False while the database cannot write: too little space left, or the last write refused and a probe still is. */
  async function writable(): Promise<boolean> {
    if (dir && freeBytes(dir) < MIN_FREE_BYTES) return false;
    if (!fullSeen) return true;
    try {
      probeWrite.run();
      probeClear.run();
      fullSeen = false;
      return true;
    } catch (error) {
      if (isSqliteStorageFull(error)) return false;
      throw error;
    }
  }

  return { guard, writable };
}
