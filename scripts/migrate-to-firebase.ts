// npm run migrate:to-firebase [-- --force] [-- --report <file>]
// Copies the embedded shop (DATA_DIR) into the Firebase project of FIREBASE_PROJECT_ID, then
// compares both sides; exits 1 when a figure differs. See docs/operations.md.
import fs from "node:fs";
import path from "node:path";
import { ConfigError, parseConfig, type Config } from "~/server/config.server";
import { BackupError } from "~/server/backup/backup-error";
import { TargetHoldsAnotherShopError, formatReport } from "~/server/migration/migrate-shop.server";
import { StillAbortedError } from "~/server/migration/retry-aborted.server";
import { migrateEmbeddedToFirebase } from "~/server/migration/to-firebase.server";
import { loadShopEnv } from "./env";

loadShopEnv();
const args = process.argv.slice(2);
const reportAt = args.indexOf("--report");
// Read as the Firebase shop will be configured, whatever SHOP_BACKEND says today.
let config: Config;
try {
  config = parseConfig({ ...process.env, SHOP_BACKEND: "firebase" });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`${error.message}\n(the migration reads the Firebase shop's configuration: see docs/operations.md)`);
  process.exit(1);
}
const at = new Date().toISOString();
const reportFile =
  reportAt >= 0 && args[reportAt + 1]
    ? path.resolve(args[reportAt + 1]!)
    : path.join(config.dataDir, `migration-report-${at.replace(/[:.]/g, "-")}.md`);
try {
  const report = await migrateEmbeddedToFirebase(config, { force: args.includes("--force"), log: console.log });
  const text = formatReport(report, {
    at,
    source: path.join(config.dataDir, "hemline.sqlite"),
    target: `Firebase project ${config.firebase.projectId} (bucket ${config.firebase.storageBucket})`,
  });
  fs.writeFileSync(reportFile, text);
  console.log(`\n${text}\nReport written to ${reportFile}`);
  process.exitCode = report.differences.length === 0 ? 0 : 1;
} catch (error) {
  if (error instanceof TargetHoldsAnotherShopError) {
    console.error(error.message);
    process.exitCode = 2;
  } else if (error instanceof BackupError || error instanceof StillAbortedError) {
    // A shop still serving DATA_DIR, or Firestore still busy with a killed run: one line, no stack.
    console.error(`${error instanceof BackupError ? "Migration refused" : "Migration stopped"}: ${error.message}`);
    process.exitCode = 1;
  } else throw error;
}
// firebase-admin's clients keep the process alive: end it once the report is out.
process.exit(process.exitCode ?? 0);
