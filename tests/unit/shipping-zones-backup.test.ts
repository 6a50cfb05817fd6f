import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { flatRateZone } from "~/domain/shipping-zone";
import { restoreBackup } from "~/server/backup/restore.server";
import { takeBackup } from "~/server/backup/take-backup.server";
import { createSqliteStore } from "~/server/store/sqlite/store.server";

// An owner who restores a backup gets the delivery prices back with the shop: the zones are in it.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-zone-backup-"));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it("a backup holds the shipping zones, and a restore brings them back as they were", async () => {
  const dataDir = path.join(dir, "data");
  const store = createSqliteStore(dataDir);
  const zone = {
    ...flatRateZone(
      ["IE", "FR"],
      { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 },
      "2026-11-27T00:00:00.000Z",
    ),
    name: "Home",
  };
  await store.shippingZones.save(zone);
  await store.close();

  const { folder, manifest } = await takeBackup(dataDir, path.join(dir, "backups"));
  expect(manifest.rowCounts.shipping_zones).toBe(1);

  const target = path.join(dir, "restored");
  await restoreBackup(folder, target, new Date("2030-01-01T00:00:00Z"));
  const restored = createSqliteStore(target);
  expect(await restored.shippingZones.list()).toEqual([zone]);
  await restored.close();
});
