import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { Config } from "~/server/config.server";
import { countBackupsFrom } from "~/server/observability/metrics.server";
import { backupCountsOf, countBackup } from "./backup-counts.server";
import { DATABASE_FILE } from "~/server/store/sqlite/database.server";
import { pruneBackups } from "./prune.server";
import { takeBackup } from "./take-backup.server";

// Backups while serving: one per BACKUP_EVERY_MINUTES, on the clock's boundaries (every hour on the
// hour by default), keeping the last BACKUP_KEEP. Each process of WEB_CONCURRENCY wakes at every
// boundary; the first to claim that time slot in the `leases` table (migration 015, as the
// catalogue index's lease) takes the backup, the others see it claimed. A failure is logged and
// counted, and never reaches the shop.

const LEASE = "backup";
/** This process, as the lease's holder (for an operator reading the table). */
const HOLDER = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;

export interface Slot {
  start: number;
  end: number;
}

/** True when this call claimed the slot; false when a process already claimed it (or a later one). */
export function claimSlot(db: Database.Database, slot: Slot, holder = HOLDER): boolean {
  const claim = db.transaction(() => {
    const current = db
      .prepare<[string], { expires_at: number }>("SELECT expires_at FROM leases WHERE name = ?")
      .get(LEASE);
    if (current && current.expires_at >= slot.end) return false;
    db.prepare<[string, string, number]>(
      "INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?) " +
        "ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at",
    ).run(LEASE, holder, slot.end);
    return true;
  });
  return claim.immediate();
}

export interface ScheduledBackupOptions {
  dataDir: string;
  backupDir: string;
  keep: number;
  holder?: string;
  /** Its fingerprint goes in the manifest (see takeBackup). */
  giftCardCodeKey?: string;
}

/** One tick of the schedule: claim the slot, back up, prune. Never throws. */
export async function runScheduledBackup(
  options: ScheduledBackupOptions,
  slot: Slot,
): Promise<"ok" | "skipped" | "failed"> {
  try {
    const db = new Database(path.join(options.dataDir, DATABASE_FILE), { fileMustExist: true, timeout: 5000 });
    let claimed: boolean;
    try {
      claimed = claimSlot(db, slot, options.holder);
    } finally {
      db.close();
    }
    if (!claimed) return "skipped";
    const { folder, manifest } = await takeBackup(options.dataDir, options.backupDir, new Date(), {
      giftCardCodeKey: options.giftCardCodeKey,
    });
    const pruned = pruneBackups(options.backupDir, options.keep);
    countBackup(options.dataDir, "ok");
    console.log(
      `Backup written to ${folder} (schema version ${manifest.schemaVersion}, ${Object.keys(manifest.files).length} files)` +
        (pruned.length ? `; deleted ${pruned.length} older (keeping ${options.keep}): ${pruned.join(", ")}` : ""),
    );
    return "ok";
  } catch (error) {
    countBackup(options.dataDir, "failed");
    console.error(
      `Backup failed (the shop keeps serving; next attempt in one interval): ${(error as Error).message ?? error}`,
    );
    return "failed";
  }
}

/**
 * Calls tick at every multiple of everyMs on the clock, one at a time (a tick still running when
 * the next boundary comes makes that one skip). The timer never keeps the process alive.
 */
export function everyBoundary(everyMs: number, tick: (slot: Slot) => Promise<unknown>): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const arm = () => {
    const now = Date.now();
    timer = setTimeout(fire, (Math.floor(now / everyMs) + 1) * everyMs - now);
    timer.unref();
  };
  const fire = () => {
    const start = Math.floor(Date.now() / everyMs) * everyMs;
    arm();
    if (running) return;
    running = true;
    tick({ start, end: start + everyMs })
      .catch((error) => console.error("Backup schedule:", error))
      .finally(() => (running = false));
  };
  arm();
  return {
    stop: () => clearTimeout(timer),
  };
}

/** Started by a serving process of the embedded backend (startup.server); nothing when BACKUP_EVERY_MINUTES=0. */
export function startBackupSchedule(config: Config): { stop(): void } | null {
  if (config.backend !== "embedded") return null;
  // Counted in the database, with those taken by hand, even when this process takes none.
  countBackupsFrom(() => backupCountsOf(config.dataDir));
  if (config.backup.everyMs === 0) return null;
  const { dir, everyMs, keep } = config.backup;
  return everyBoundary(everyMs, (slot) =>
    runScheduledBackup(
      { dataDir: config.dataDir, backupDir: dir, keep, giftCardCodeKey: config.giftCardCodeKey },
      slot,
    ),
  );
}
