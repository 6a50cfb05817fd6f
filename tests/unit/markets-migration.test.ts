import { afterEach, expect, it } from "vitest";
import { baseMarket, type Market } from "~/domain/market";
import { createLocalDiskMedia } from "~/server/media/local-disk.server";
import { migrateShop } from "~/server/migration/migrate-shop.server";
import { createSqliteStore } from "~/server/store/sqlite/store.server";
import { makeTempDir } from "../support/temp-dir";

// migrate:to-firebase copies the markets whole into a target that already seeded its own (a new
// Firebase shop writes Europe at its first start): the target ends with the source's markets,
// the source's default included, whatever countries the target's markets held before.

const AT = "2026-11-27T00:00:00.000Z";
const temps: Array<{ remove(): void }> = [];
afterEach(() => temps.splice(0).forEach((t) => t.remove()));

const market = (overrides: Partial<Market>): Market => ({
  ...baseMarket(["IE"], AT),
  isDefault: false,
  ...overrides,
});

it("the target ends with exactly the source's markets and default, with no country in two", async () => {
  const dirs = [makeTempDir(), makeTempDir(), makeTempDir()];
  temps.push(...dirs);
  const source = createSqliteStore(dirs[0].dir);
  const target = createSqliteStore(dirs[1].dir);
  const sourceMarkets = [
    market({ id: "europe", name: "Europe", countries: ["IE", "FR"], position: 0 }),
    market({
      id: "uk",
      name: "United Kingdom",
      countries: ["GB"],
      currency: "GBP",
      rateMicros: 860_000,
      rounding: "99",
      isDefault: true,
      position: 1,
    }),
    market({
      id: "ch",
      name: "Switzerland",
      countries: ["CH", "LI"],
      currency: "CHF",
      rateMicros: 940_000,
      rounding: "95",
      position: 2,
    }),
  ];
  await source.markets.save(sourceMarkets[1]);
  await source.markets.save(sourceMarkets[0]);
  await source.markets.save(sourceMarkets[2]);
  // The target's own: a default Europe holding GB, and a market the source does not have holding CH.
  await target.markets.save(baseMarket(["IE", "FR", "GB"], AT));
  await target.markets.save(
    market({ id: "alps", name: "Alps", countries: ["CH", "AT"], currency: "CHF", position: 1 }),
  );

  const report = await migrateShop({
    source: { store: source, media: createLocalDiskMedia(dirs[2].dir) },
    target: { store: target, media: createLocalDiskMedia(dirs[2].dir) },
    accounts: { sourceCount: 0, copy: async () => ({ imported: 0, failed: [] }), targetCount: async () => 0 },
  });

  expect(await target.markets.list()).toEqual(sourceMarkets);
  expect(report.rows.find((r) => r.name === "markets")).toEqual({ name: "markets", source: 3, target: 3 });
  expect(report.differences.filter((r) => r.name.includes("market"))).toEqual([]);
  await source.close();
  await target.close();
});
