import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { DATABASE_FILE } from "~/server/store/sqlite/database.server";
import { BackupError } from "./backup-error";
import {
  MANIFEST_FILE,
  SESSION_SECRET_FILE,
  backupName,
  filesUnder,
  keyId,
  sha256File,
  syncPath,
  type Manifest,
} from "./manifest.server";

// One backup of the embedded store: the SQLite file through SQLite's online backup (a consistent
// snapshot, taken while the shop serves and takes orders), then DATA_DIR/uploads, into a hidden
// folder renamed to its final name only once complete, so a half-written backup never looks like one.

export const UPLOADS_DIR = "uploads";

export interface TakenBackup {
  folder: string;
  manifest: Manifest;
}

/** Row counts of every table of a database, by table name. */
export function rowCounts(db: Database.Database): Record<string, number> {
  const tables = db
    .prepare<
      [],
      { name: string }
    >("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all();
  return Object.fromEntries(
    tables.map(({ name }) => [
      name,
      (db.prepare(`SELECT count(*) AS n FROM "${name.replace(/"/g, '""')}"`).get() as { n: number }).n,
    ]),
  );
}

async function copyDatabase(source: string, target: string): Promise<void> {
  let db: Database.Database;
  try {
    db = new Database(source, { fileMustExist: true, timeout: 5000 });
  } catch {
    throw new BackupError(`No database to back up at ${source} (is DATA_DIR right?)`);
  }
  try {
    // All pages in one step: SQLite restarts a stepwise backup whenever another connection writes,
    // which under steady orders could go on forever. One step reads one WAL snapshot, and readers
    // never block the shop's writers.
    await db.backup(target, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
}

export interface BackupKeys {
  /** The key sealing scheduled gift-card codes (config.giftCardCodeKey): only its fingerprint is written. */
  giftCardCodeKey?: string;
}

/**
 * Takes a backup of dataDir into backupDir/<UTC time>, with the session secret `npm start` keeps
 * there (without it a restored shop signs everyone out and, when the gift-card key derives from it,
 * cannot open codes sealed for a later date). Throws BackupError (or an I/O error) when it cannot.
 */
export async function takeBackup(
  dataDir: string,
  backupDir: string,
  now = new Date(),
  keys: BackupKeys = {},
): Promise<TakenBackup> {
  const name = backupName(now);
  const folder = path.join(backupDir, name);
  fs.mkdirSync(backupDir, { recursive: true });
  const temp = path.join(backupDir, `.partial-${name}-${crypto.randomBytes(4).toString("hex")}`);
  fs.mkdirSync(temp);
  try {
    const databaseCopy = path.join(temp, DATABASE_FILE);
    await copyDatabase(path.join(dataDir, DATABASE_FILE), databaseCopy);
    // The copy stands alone: a rollback-journal file needs no -wal or -shm beside it.
    const copy = new Database(databaseCopy);
    let schemaVersion: number;
    let counts: Record<string, number>;
    try {
      copy.pragma("journal_mode = DELETE");
      schemaVersion = copy.pragma("user_version", { simple: true }) as number;
      counts = rowCounts(copy);
    } finally {
      copy.close();
    }
    // Uploads after the database: every image the snapshot refers to was on disk before it began.
    // Media are written beside their name and renamed (media/local-disk), so no copy is half a file.
    const uploads = path.join(dataDir, UPLOADS_DIR);
    if (fs.existsSync(uploads))
      fs.cpSync(uploads, path.join(temp, UPLOADS_DIR), { recursive: true, filter: (src) => !src.endsWith(".tmp") });

    // Readable only by the shop's user, as in DATA_DIR.
    const secret = path.join(dataDir, SESSION_SECRET_FILE);
    if (fs.existsSync(secret)) {
      fs.copyFileSync(secret, path.join(temp, SESSION_SECRET_FILE));
      fs.chmodSync(path.join(temp, SESSION_SECRET_FILE), 0o600);
    }

    const files: Record<string, string> = {};
    for (const file of filesUnder(temp)) {
      files[file] = await sha256File(path.join(temp, ...file.split("/")));
      syncPath(path.join(temp, ...file.split("/")));
    }
    const manifest: Manifest = {
      format: 1,
      takenAt: now.toISOString(),
      schemaVersion,
      database: DATABASE_FILE,
      rowCounts: counts,
      ...(keys.giftCardCodeKey ? { giftCardKeyId: keyId(keys.giftCardCodeKey) } : {}),
      files,
    };
    fs.writeFileSync(path.join(temp, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    syncPath(path.join(temp, MANIFEST_FILE));
    syncPath(temp);
    if (fs.existsSync(folder)) throw new BackupError(`A backup named ${name} already exists in ${backupDir}`);
    fs.renameSync(temp, folder);
    syncPath(backupDir);
    return { folder, manifest };
  } catch (error) {
    fs.rmSync(temp, { recursive: true, force: true });
    throw error;
  }
}
