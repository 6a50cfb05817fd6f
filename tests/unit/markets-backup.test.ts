import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { baseMarket } from "~/domain/market";
import { restoreBackup } from "~/server/backup/restore.server";
import { takeBackup } from "~/server/backup/take-backup.server";
import { createSqliteStore } from "~/server/store/sqlite/store.server";
import { ukMarket } from "../support/market-factory";

// An owner who restores a backup gets the markets back with the shop: currencies, rates and roundings.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-market-backup-"));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it("a backup holds the markets, and a restore brings them back as they were", async () => {
  const dataDir = path.join(dir, "data");
  const store = createSqliteStore(dataDir);
  const europe = baseMarket(["IE", "FR"], "2026-11-27T00:00:00.000Z");
  const uk = ukMarket("2026-11-27T00:00:00.000Z");
  await store.markets.save(europe);
  await store.markets.save(uk);
  await store.close();

  const { folder, manifest } = await takeBackup(dataDir, path.join(dir, "backups"));
  expect(manifest.rowCounts.markets).toBe(2);

  const target = path.join(dir, "restored");
  await restoreBackup(folder, target, new Date("2030-01-01T00:00:00Z"));
  const restored = createSqliteStore(target);
  expect(await restored.markets.list()).toEqual([europe, uk]);
  await restored.close();
});
