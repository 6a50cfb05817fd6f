// npm run restore -- <backup> -> checks a backup (checksums, SQLite's integrity check) and makes it
// DATA_DIR's database and uploads, keeping the previous ones aside. The shop must be stopped.
// <backup>: a backup folder's path, or its name in BACKUP_DIR. See docs/operations.md.
import fs from "node:fs";
import path from "node:path";
import { BackupError } from "~/server/backup/backup-error";
import { giftCardKeyProblem, restoreBackup } from "~/server/backup/restore.server";
import { SESSION_SECRET_FILE } from "~/server/backup/manifest.server";
import { ConfigError, derivedGiftCardCodeKey, parseConfig } from "~/server/config.server";
import { loadDotEnv, loadShopEnv } from "./env";

loadDotEnv();
// A secret set by the operator wins over the one the backup carries into DATA_DIR.
const secretFromEnvironment = Boolean(process.env.SESSION_SECRET);
loadShopEnv();
try {
  const config = parseConfig();
  const arg = process.argv[2];
  if (!arg) {
    console.error(`Usage: npm run restore -- <backup folder, or its name in ${config.backup.dir}>`);
    process.exit(2);
  }
  if (config.backend !== "embedded") {
    console.error("npm run restore restores the embedded store; on SHOP_BACKEND=firebase see docs/operations.md");
    process.exit(1);
  }
  const inBackupDir = path.join(config.backup.dir, arg);
  const folder = fs.existsSync(arg) || !fs.existsSync(inBackupDir) ? path.resolve(arg) : inBackupDir;
  const { manifest, keptAside, sessionSecretRestored } = await restoreBackup(folder, config.dataDir);
  const rows = Object.entries(manifest.rowCounts)
    .map(([table, n]) => `${table} ${n}`)
    .join(", ");
  console.log(`Restored the backup taken at ${manifest.takenAt} into ${config.dataDir}`);
  console.log(`  checksums and integrity check passed; schema version ${manifest.schemaVersion}`);
  console.log(`  rows: ${rows}`);
  console.log(
    keptAside.length
      ? `  kept the previous state aside: ${keptAside.map((p) => path.basename(p)).join(", ")}`
      : "  there was no previous database",
  );
  if (sessionSecretRestored)
    console.log(
      secretFromEnvironment
        ? `  restored DATA_DIR/${SESSION_SECRET_FILE}; SESSION_SECRET is set, and it is what the shop signs sessions with`
        : `  restored the session secret (DATA_DIR/${SESSION_SECRET_FILE}): shoppers stay signed in`,
    );
  // The key the restored shop starts with: GIFT_CARD_CODE_KEY, else from the secret it will read.
  const restoredSecret = path.join(config.dataDir, SESSION_SECRET_FILE);
  const keyAfter =
    process.env.GIFT_CARD_CODE_KEY || secretFromEnvironment || !fs.existsSync(restoredSecret)
      ? config.giftCardCodeKey
      : derivedGiftCardCodeKey(fs.readFileSync(restoredSecret, "utf8").trim());
  const keyProblem = giftCardKeyProblem(manifest, keyAfter);
  if (keyProblem) console.warn(`WARNING: ${keyProblem}.`);
  console.log("Start the shop: it applies any newer migrations at start.");
} catch (error) {
  // Bad input (no such folder, a damaged backup, a shop still serving) in one line, never a stack.
  const message =
    error instanceof ConfigError
      ? error.message
      : `${error instanceof BackupError ? "Restore refused" : "Restore failed"}: ${(error as Error).message}`;
  console.error(message);
  process.exit(1);
}
