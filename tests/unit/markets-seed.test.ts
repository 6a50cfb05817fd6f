import { afterEach, expect, it } from "vitest";
import { baseMarket } from "~/domain/market";
import { SHIPPING_COUNTRIES } from "~/lib/countries";
import { seedMarketsIfEmpty, seedZonesIfEmpty } from "~/server/seed/seed.server";
import { createSqliteStore } from "~/server/store/sqlite/store.server";
import { makeTempDir } from "../support/temp-dir";

// A shop from before markets (or a new one) gets one market, Europe, in euros at the base prices,
// holding today's delivery countries: nothing a shopper sees changes. An owner's markets are kept.

const temps: Array<{ remove(): void }> = [];
afterEach(() => temps.splice(0).forEach((t) => t.remove()));
const silent = () => {};
const RATES = { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 };

function freshStore() {
  const temp = makeTempDir();
  temps.push(temp);
  return createSqliteStore(temp.dir);
}

it("seeds Europe, EUR at rate 1 and exact, default, with every delivery country, once", async () => {
  const store = freshStore();
  await seedZonesIfEmpty(store, RATES, silent);
  expect(await seedMarketsIfEmpty(store, silent)).toBe(1);
  const [europe, ...others] = await store.markets.list();
  expect(others).toEqual([]);
  expect(europe).toMatchObject({
    id: "europe",
    name: "Europe",
    currency: "EUR",
    rateMicros: 1_000_000,
    rounding: "exact",
    isDefault: true,
  });
  expect([...europe.countries].sort()).toEqual(SHIPPING_COUNTRIES.map((c) => c.code).sort());
  expect(await seedMarketsIfEmpty(store, silent)).toBe(0);
  await store.close();
});

it("takes the countries of the zones an owner edited, and never re-seeds a shop that has markets", async () => {
  const store = freshStore();
  await seedZonesIfEmpty(store, RATES, silent);
  const [zone] = await store.shippingZones.list();
  await store.shippingZones.save({ ...zone, id: "americas", name: "Americas", countries: ["US", "CA"], position: 1 });
  await seedMarketsIfEmpty(store, silent);
  expect((await store.markets.list())[0].countries).toEqual(expect.arrayContaining(["US", "CA", "IE"]));

  const other = freshStore();
  const own = { ...baseMarket(["GB"], "2026-11-27T00:00:00.000Z"), id: "uk", name: "UK", currency: "GBP" as const };
  await other.markets.save(own);
  expect(await seedMarketsIfEmpty(other, silent)).toBe(0);
  expect(await other.markets.list()).toEqual([own]);
  await other.close();
  await store.close();
});

it("says how many countries each seeded zone holds in words an operator reads ('1 country')", async () => {
  const store = freshStore();
  const lines: string[] = [];
  await seedZonesIfEmpty(store, RATES, (line: string) => lines.push(line));
  expect(lines).toContain("Seeded the shipping zone United Kingdom (1 country) from the configured delivery prices.");
  expect(lines.join("\n")).not.toMatch(/\b1 countries\b/);
  await store.close();
});
