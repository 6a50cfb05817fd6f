// npm run backup -> a consistent copy of the embedded store (database and uploads) in BACKUP_DIR,
// safe while the shop serves. See docs/operations.md, "Backups and restore".
import { BackupError } from "~/server/backup/backup-error";
import { takeBackup } from "~/server/backup/take-backup.server";
import { countBackup } from "~/server/backup/backup-counts.server";
import { ConfigError, parseConfig } from "~/server/config.server";
import { loadShopEnv } from "./env";

loadShopEnv();
let dataDir: string | undefined;
try {
  const config = parseConfig();
  if (config.backend !== "embedded")
    throw new BackupError(
      "npm run backup copies the embedded store; on SHOP_BACKEND=firebase use Firestore's managed export (docs/operations.md)",
    );
  dataDir = config.dataDir;
  const { folder, manifest } = await takeBackup(config.dataDir, config.backup.dir, new Date(), {
    giftCardCodeKey: config.giftCardCodeKey,
  });
  // In the shop's own count (hemline_backups_total), as the schedule's are.
  countBackup(config.dataDir, "ok");
  const rows = Object.entries(manifest.rowCounts)
    .map(([table, n]) => `${table} ${n}`)
    .join(", ");
  console.log(`Backup written to ${folder}`);
  console.log(
    `  taken at ${manifest.takenAt}, schema version ${manifest.schemaVersion}, ${Object.keys(manifest.files).length} files`,
  );
  console.log(`  rows: ${rows}`);
} catch (error) {
  if (dataDir) countBackup(dataDir, "failed");
  // What went wrong in one line: the operator's to fix, not a stack to read.
  const message = error instanceof ConfigError ? error.message : `Backup failed: ${(error as Error).message}`;
  console.error(message);
  process.exit(1);
}
