import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { MIGRATIONS } from "./migrations";

export type SqliteDatabase = Database.Database;

export const DATABASE_FILE = "hemline.sqlite";

/** Open (creating if needed) the shop's one SQLite file in dataDir, in WAL mode, migrated. */
export function openDatabase(dataDir: string): SqliteDatabase {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, DATABASE_FILE));
  db.pragma("journal_mode = WAL");
  // NORMAL is durable under WAL except on power loss mid-checkpoint; the usual trade-off for web apps.
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  // Concurrent writers (another process seeding) wait instead of failing at once.
  db.pragma("busy_timeout = 5000");
  migrate(db);
  return db;
}

export function migrate(db: SqliteDatabase): number[] {
  // user_version is a high-water mark: a database migrated past a missing number would never get
  // it. Numbers reserved by work in progress must therefore never be skipped: refuse to start.
  MIGRATIONS.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(`Migration ${i + 1} is missing (found ${m.version} "${m.name}" in its place)`);
  });
  const current = db.pragma("user_version", { simple: true }) as number;
  const applied: number[] = [];
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    // Each migration and its version bump commit together, so a failed one leaves no trace.
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
    applied.push(migration.version);
  }
  return applied;
}
