import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { MIGRATIONS } from "~/server/store/sqlite/migrations";
import { DATABASE_FILE } from "~/server/store/sqlite/database.server";
import { BackupError } from "./backup-error";
import {
  MANIFEST_FILE,
  SESSION_SECRET_FILE,
  backupName,
  keyId,
  manifestSchema,
  sha256File,
  syncPath,
  type Manifest,
} from "./manifest.server";
import { whileNotServed } from "./serving-lock.server";
import { UPLOADS_DIR } from "./take-backup.server";

// Restoring a backup into DATA_DIR: checked first (every checksum, SQLite's integrity check, a
// schema this version knows), then put in place with nothing of the previous state deleted.

/** Reads and checks a backup folder; throws BackupError saying what is wrong. */
export async function verifyBackup(folder: string): Promise<Manifest> {
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory())
    throw new BackupError(`No backup folder at ${folder}`);
  const manifestFile = path.join(folder, MANIFEST_FILE);
  if (!fs.existsSync(manifestFile))
    throw new BackupError(`${folder} has no ${MANIFEST_FILE}: it is not a complete backup`);
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, "utf8")));
  } catch {
    throw new BackupError(`${manifestFile} is not a Hemline backup manifest (unreadable or altered)`);
  }
  if (!(manifest.database in manifest.files))
    throw new BackupError(`${manifestFile} lists no checksum for the database ${manifest.database}`);
  for (const [file, expected] of Object.entries(manifest.files)) {
    const full = path.join(folder, ...file.split("/"));
    if (!fs.existsSync(full)) throw new BackupError(`The backup is incomplete: ${file} is missing from ${folder}`);
    if ((await sha256File(full)) !== expected)
      throw new BackupError(`The backup is damaged: the checksum of ${file} does not match its manifest`);
  }
  const latest = MIGRATIONS[MIGRATIONS.length - 1].version;
  if (manifest.schemaVersion > latest)
    throw new BackupError(
      `The backup has schema version ${manifest.schemaVersion}, newer than this Hemline's ${latest}: restore it with the version that made it`,
    );
  let problems: string[];
  try {
    const db = new Database(path.join(folder, ...manifest.database.split("/")), {
      readonly: true,
      fileMustExist: true,
    });
    try {
      problems = db
        .prepare<[], { integrity_check: string }>("PRAGMA integrity_check")
        .all()
        .map((row) => row.integrity_check);
    } finally {
      db.close();
    }
  } catch (error) {
    throw new BackupError(`The backup's database cannot be read: ${(error as Error).message}`);
  }
  if (problems.join() !== "ok")
    throw new BackupError(`The backup's database fails SQLite's integrity check: ${problems.slice(0, 3).join("; ")}`);
  return manifest;
}

export interface Restored {
  manifest: Manifest;
  /** What the previous database, uploads and session secret were renamed to, when there were any. */
  keptAside: string[];
  /** Whether the backup carried the session secret `npm start` keeps in DATA_DIR (and it is now there). */
  sessionSecretRestored: boolean;
}

/**
 * What an operator must do before starting the restored shop so it can open the gift-card codes the
 * backup holds sealed for a later send date, or null when nothing: `giftCardCodeKey` is the key the
 * restored shop will start with (GIFT_CARD_CODE_KEY, else derived from its session secret).
 */
export function giftCardKeyProblem(manifest: Manifest, giftCardCodeKey: string): string | null {
  if (!manifest.giftCardKeyId || manifest.giftCardKeyId === keyId(giftCardCodeKey)) return null;
  return (
    "gift-card codes waiting for their send date were sealed with another key than this shop's: set " +
    "GIFT_CARD_CODE_KEY (or SESSION_SECRET, when the old shop had no GIFT_CARD_CODE_KEY) as on the shop the backup " +
    "was taken from before you start, or those cards are never sent"
  );
}

function moveAside(from: string, to: string, kept: string[]): void {
  if (!fs.existsSync(from)) return;
  fs.renameSync(from, to);
  kept.push(to);
}

/** Verifies the backup in folder, then makes it dataDir's database and uploads. Refuses while a shop serves dataDir. */
export async function restoreBackup(folder: string, dataDir: string, now = new Date()): Promise<Restored> {
  const manifest = await verifyBackup(folder);
  return whileNotServed(dataDir, () => {
    const stamp = backupName(now);
    const live = path.join(dataDir, DATABASE_FILE);
    const incoming = `${live}.restoring-${stamp}`;
    fs.copyFileSync(path.join(folder, ...manifest.database.split("/")), incoming);
    syncPath(incoming);
    const uploadFiles = Object.keys(manifest.files).filter((f) => f.startsWith(`${UPLOADS_DIR}/`));
    const incomingUploads = path.join(dataDir, `${UPLOADS_DIR}.restoring-${stamp}`);
    fs.mkdirSync(incomingUploads, { recursive: true });
    for (const file of uploadFiles) {
      const target = path.join(incomingUploads, ...file.slice(UPLOADS_DIR.length + 1).split("/"));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(path.join(folder, ...file.split("/")), target);
    }

    const kept: string[] = [];
    const aside = `${live}.before-restore-${stamp}`;
    moveAside(live, aside, kept);
    // The WAL goes with its database (SQLite finds "<name>-wal" beside "<name>"), so the kept copy
    // still holds what was committed but not yet checkpointed; the -shm is only an index, rebuilt.
    moveAside(`${live}-wal`, `${aside}-wal`, kept);
    fs.rmSync(`${live}-shm`, { force: true });
    fs.rmSync(`${live}-journal`, { force: true });
    fs.renameSync(incoming, live);
    moveAside(path.join(dataDir, UPLOADS_DIR), path.join(dataDir, `${UPLOADS_DIR}.before-restore-${stamp}`), kept);
    fs.renameSync(incomingUploads, path.join(dataDir, UPLOADS_DIR));
    // The secret sessions are signed with (and, without GIFT_CARD_CODE_KEY, sealed codes keyed from):
    // the restored shop signs no one out and can send the cards bought for a later date.
    const sessionSecretRestored = SESSION_SECRET_FILE in manifest.files;
    if (sessionSecretRestored) {
      const liveSecret = path.join(dataDir, SESSION_SECRET_FILE);
      const incomingSecret = path.join(folder, SESSION_SECRET_FILE);
      if (!fs.existsSync(liveSecret) || !fs.readFileSync(liveSecret).equals(fs.readFileSync(incomingSecret)))
        moveAside(liveSecret, `${liveSecret}.before-restore-${stamp}`, kept);
      fs.copyFileSync(incomingSecret, liveSecret);
      fs.chmodSync(liveSecret, 0o600);
    }
    syncPath(dataDir);
    return { manifest, keptAside: kept, sessionSecretRestored };
  });
}
