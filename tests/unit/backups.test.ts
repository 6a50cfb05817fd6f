import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { giftCardKeyProblem, restoreBackup } from "~/server/backup/restore.server";
import { derivedGiftCardCodeKey } from "~/server/config.server";
import { openCode, sealCode } from "~/server/services/gift-cards/sealed-code.server";
import { listBackups } from "~/server/backup/prune.server";
import { everyBoundary, runScheduledBackup, type Slot } from "~/server/backup/schedule.server";
import { takeBackup } from "~/server/backup/take-backup.server";
import { backups, countBackupsFrom } from "~/server/observability/metrics.server";
import { backupCountsOf } from "~/server/backup/backup-counts.server";
import { openDatabase } from "~/server/store/sqlite/database.server";
import { MIGRATIONS } from "~/server/store/sqlite/migrations";

// The backup schedule as each serving process runs it, on a real database file, with the clock faked.

const MINUTE = 60_000;
let dir: string;
let dataDir: string;

async function counted(result: "ok" | "failed"): Promise<number> {
  return (await backups.get()).values.find((v) => v.labels.result === result)?.value ?? 0;
}

beforeEach(() => {
  // As a serving shop counts them: in its database, with what this process could not write there.
  countBackupsFrom(() => backupCountsOf(dataDir));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-backups-"));
  dataDir = path.join(dir, "data");
  const db = openDatabase(dataDir);
  db.prepare("INSERT INTO leases (name, holder, expires_at) VALUES ('unrelated', 'x', 0)").run();
  db.close();
  fs.mkdirSync(path.join(dataDir, "uploads", "products"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "uploads", "products", "p1.webp"), "image bytes");
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("scheduled backups", () => {
  it("take one backup per interval however many processes wake, and keep the last BACKUP_KEEP", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: new Date("2030-01-01T00:00:30Z") });
    vi.spyOn(console, "log").mockImplementation(() => {});
    const backupDir = path.join(dir, "backups");
    const before = await counted("ok");
    const runs: Promise<string>[] = [];
    // Two processes of WEB_CONCURRENCY=2: each wakes at every boundary.
    const schedules = ["worker-1", "worker-2"].map((holder) =>
      everyBoundary(MINUTE, (slot: Slot) => {
        const run = runScheduledBackup({ dataDir, backupDir, keep: 2, holder }, slot);
        runs.push(run);
        return run;
      }),
    );
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(MINUTE);
      await Promise.all(runs);
    }
    schedules.forEach((s) => s.stop());

    const results = await Promise.all(runs);
    expect(results.filter((r) => r === "ok")).toHaveLength(4);
    expect(results.filter((r) => r === "skipped")).toHaveLength(4);
    expect(await counted("ok")).toBe(before + 4);
    // Pruned to the newest two, named by the minute boundary each was taken at.
    expect(listBackups(backupDir)).toEqual(["2030-01-01T00-03-00.000Z", "2030-01-01T00-04-00.000Z"]);
  });

  it("log and count a failed backup without throwing", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const notADirectory = path.join(dir, "a-file");
    fs.writeFileSync(notADirectory, "");
    const before = await counted("failed");
    const result = await runScheduledBackup(
      { dataDir, backupDir: path.join(notADirectory, "backups"), keep: 2 },
      { start: 0, end: MINUTE },
    );
    expect(result).toBe("failed");
    expect(await counted("failed")).toBe(before + 1);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^Backup failed \(the shop keeps serving.*\): .*ENOTDIR/));
  });
});

describe("a backup", () => {
  it("holds the database and uploads with their checksums, and restores them beside what it replaces", async () => {
    const { folder, manifest } = await takeBackup(dataDir, path.join(dir, "backups"));
    // The database's schema as the last migration left it.
    expect(manifest.schemaVersion).toBe(MIGRATIONS.length);
    expect(manifest.rowCounts.leases).toBe(1);
    expect(Object.keys(manifest.files).sort()).toEqual(["hemline.sqlite", "uploads/products/p1.webp"]);
    // The restore target has a database of its own (and a WAL), which is kept, not deleted.
    const target = path.join(dir, "target");
    // Left open, so its last transaction is still only in the -wal file when the restore runs.
    const mine = openDatabase(target);
    mine.exec("CREATE TABLE mine (x); INSERT INTO mine VALUES (1)");
    expect(fs.existsSync(path.join(target, "hemline.sqlite-wal"))).toBe(true);
    const { keptAside } = await restoreBackup(folder, target, new Date("2030-01-01T00:00:00Z"));
    mine.close();
    expect(keptAside.map((p) => path.basename(p))).toContain("hemline.sqlite.before-restore-2030-01-01T00-00-00.000Z");
    expect(fs.existsSync(path.join(target, "hemline.sqlite-shm"))).toBe(false);
    const restored = new Database(path.join(target, "hemline.sqlite"), { readonly: true });
    expect(restored.prepare("SELECT holder FROM leases WHERE name = 'unrelated'").get()).toEqual({ holder: "x" });
    restored.close();
    expect(fs.readFileSync(path.join(target, "uploads", "products", "p1.webp"), "utf8")).toBe("image bytes");
    const previous = new Database(path.join(target, "hemline.sqlite.before-restore-2030-01-01T00-00-00.000Z"));
    expect(previous.prepare("SELECT x FROM mine").get()).toEqual({ x: 1 });
    previous.close();
  });

  it("is refused when a file no longer matches its checksum", async () => {
    const { folder } = await takeBackup(dataDir, path.join(dir, "backups"));
    fs.appendFileSync(path.join(folder, "uploads", "products", "p1.webp"), "!");
    await expect(restoreBackup(folder, path.join(dir, "target"))).rejects.toThrow(
      "The backup is damaged: the checksum of uploads/products/p1.webp does not match its manifest",
    );
    expect(fs.existsSync(path.join(dir, "target", "hemline.sqlite"))).toBe(false);
  });

  it("carries the session secret npm start keeps, so the shop restored on a new machine opens codes sealed for a later date", async () => {
    // A zero-configuration shop: its secret in DATA_DIR, its gift-card key derived from it.
    const secret = "s".repeat(64);
    fs.writeFileSync(path.join(dataDir, "session-secret"), secret, { mode: 0o600 });
    const key = derivedGiftCardCodeKey(secret);
    const sealed = sealCode("HEML-AAAA-BBBB-CCCC", "card-1", key);
    const { folder, manifest } = await takeBackup(dataDir, path.join(dir, "backups"), new Date(), {
      giftCardCodeKey: key,
    });
    expect(Object.keys(manifest.files)).toContain("session-secret");
    // The manifest names the key by a fingerprint only.
    const manifestText = fs.readFileSync(path.join(folder, "manifest.json"), "utf8");
    expect(manifestText).not.toContain(key);
    expect(manifestText).not.toContain(secret);
    expect(manifest.giftCardKeyId).toMatch(/^[0-9a-f]{16}$/);

    // A new machine: `npm start` already made a secret of its own there, which is kept aside.
    const target = path.join(dir, "new-machine");
    fs.mkdirSync(target, { recursive: true });
    fs.writeFileSync(path.join(target, "session-secret"), "another secret");
    const { keptAside, sessionSecretRestored } = await restoreBackup(folder, target, new Date("2030-01-01T00:00:00Z"));
    expect(sessionSecretRestored).toBe(true);
    expect(keptAside.map((p) => path.basename(p))).toContain("session-secret.before-restore-2030-01-01T00-00-00.000Z");
    const restoredSecret = fs.readFileSync(path.join(target, "session-secret"), "utf8");
    expect(restoredSecret).toBe(secret);
    expect(fs.statSync(path.join(target, "session-secret")).mode & 0o777).toBe(0o600);
    expect(openCode(sealed, "card-1", derivedGiftCardCodeKey(restoredSecret))).toBe("HEML-AAAA-BBBB-CCCC");
    expect(giftCardKeyProblem(manifest, derivedGiftCardCodeKey(restoredSecret))).toBeNull();
    // A shop that would start with another key (SESSION_SECRET or GIFT_CARD_CODE_KEY set otherwise) is told what to set.
    expect(giftCardKeyProblem(manifest, derivedGiftCardCodeKey("another secret"))).toMatch(
      /^gift-card codes waiting for their send date were sealed with another key than this shop's: set GIFT_CARD_CODE_KEY/,
    );
  });
});
