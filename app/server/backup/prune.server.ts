import fs from "node:fs";
import path from "node:path";
import { BACKUP_NAME, MANIFEST_FILE } from "./manifest.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Complete backups in backupDir (a folder named by its time, with its manifest), oldest first. */
export function listBackups(backupDir: string): string[] {
  if (!fs.existsSync(backupDir)) return [];
  return fs
    .readdirSync(backupDir)
    .filter((name) => BACKUP_NAME.test(name) && fs.existsSync(path.join(backupDir, name, MANIFEST_FILE)))
    .sort();
}

/**
 * Keeps the newest `keep` backups and deletes the older ones, plus what an interrupted backup left
 * (a hidden .partial- folder older than a day, so one being written now is never touched).
 * Returns the names deleted.
 */
export function pruneBackups(backupDir: string, keep: number, now = new Date()): string[] {
  const all = listBackups(backupDir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const name of old) fs.rmSync(path.join(backupDir, name), { recursive: true, force: true });
  for (const name of fs.readdirSync(backupDir)) {
    if (!name.startsWith(".partial-")) continue;
    const full = path.join(backupDir, name);
    if (now.getTime() - fs.statSync(full).mtimeMs > DAY_MS) fs.rmSync(full, { recursive: true, force: true });
  }
  return old;
}
