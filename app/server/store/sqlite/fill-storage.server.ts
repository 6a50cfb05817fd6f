import type { SqliteDatabase } from "./database.server";

// Test hook (TEST_HOOKS, refused in production): make this connection's writes fail with a real
// SQLITE_FULL, as on a full disk, and give the room back. `PRAGMA max_page_count` on the main
// database cannot do it (a small row still fits on a page that has room), so every write to a
// table fires a TEMP trigger that needs a page of the connection's TEMP database, whose
// max_page_count is its current size: SQLite itself answers SQLITE_FULL mid-statement and
// rolls back as on a full disk. TEMP objects live in this connection only: the file is untouched.

const FILLER = "temp.storage_filler";

/** Fill the storage for every table, or only these (to fail a transaction after its first writes). */
export function fillStorage(db: SqliteDatabase, onlyTables?: string[]): void {
  freeStorage(db);
  const tables =
    onlyTables ??
    db
      .prepare<[], { name: string }>(
        "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
      )
      .all()
      .map((t) => t.name);
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS storage_filler (b BLOB)`);
  tables.forEach((table, i) => {
    for (const event of ["INSERT", "UPDATE", "DELETE"])
      db.exec(
        `CREATE TEMP TRIGGER storage_full_${i}_${event.toLowerCase()} BEFORE ${event} ON main."${table.replace(/"/g, '""')}" ` +
          `BEGIN INSERT INTO ${FILLER} VALUES (zeroblob(65536)); END`,
      );
  });
  const pages = db.pragma("temp.page_count", { simple: true }) as number;
  db.pragma(`temp.max_page_count = ${pages}`);
}

/** Give the room back: the triggers go, and the TEMP database may grow again. */
export function freeStorage(db: SqliteDatabase): void {
  const triggers = db
    .prepare<
      [],
      { name: string }
    >("SELECT name FROM temp.sqlite_master WHERE type = 'trigger' AND name LIKE 'storage_full_%'")
    .all();
  for (const { name } of triggers) db.exec(`DROP TRIGGER temp."${name}"`);
  db.pragma("temp.max_page_count = 1073741823");
}
