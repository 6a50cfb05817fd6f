import { describe, expect, it } from "vitest";
import { baseMarket, type Market } from "~/domain/market";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";
import { ukMarket } from "../support/market-factory";

// Markets are read whole by every page (the shopper's currency) and by checkout on every instance:
// what one instance saves the next read anywhere sees; no save, even two at once on two
// instances, can leave a country in two markets, and the shop always keeps exactly one default.

const AT = "2026-11-27T10:00:00.000Z";
const europe = baseMarket(["IE", "DE", "FR"], AT);

const market = (overrides: Partial<Market> = {}): Market => ukMarket(AT, overrides);

describe.each(STORE_ADAPTERS)("MarketStore contract: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("saves, lists by position, replaces and removes markets; another instance sees each change", async () => {
    const other = await db.reopen();
    expect(await other.markets.list()).toEqual([]);
    expect(await db.store.markets.save(market())).toEqual({ kind: "saved" });
    expect(await db.store.markets.save(europe)).toEqual({ kind: "saved" });
    expect((await other.markets.list()).map((m) => m.id)).toEqual(["europe", "uk"]);
    expect(await other.markets.get("uk")).toEqual(market());

    const edited = market({
      countries: ["GB", "IM", "JE"],
      rateMicros: 870_500,
      rounding: "whole",
      updatedAt: "2026-11-27T11:00:00.000Z",
    });
    expect(await other.markets.save(edited)).toEqual({ kind: "saved" });
    expect(await db.store.markets.get("uk")).toEqual(edited);

    expect(await db.store.markets.remove("uk")).toBe("removed");
    expect(await db.store.markets.remove("uk")).toBe("not-found");
    expect(await other.markets.get("uk")).toBeNull();
    expect((await other.markets.list()).map((m) => m.id)).toEqual(["europe"]);
  });

  it("refuses a market holding a country of another market, and writes nothing of it", async () => {
    await db.store.markets.save(europe);
    expect(await db.store.markets.save(market({ countries: ["GB", "FR"] }))).toEqual({
      kind: "clash",
      country: "FR",
      marketId: "europe",
      marketName: "Europe",
    });
    expect(await db.store.markets.get("uk")).toBeNull();
    // Its own countries are not a clash: a market is saved again as it is.
    expect(await db.store.markets.save({ ...europe, name: "Eurozone" })).toEqual({ kind: "saved" });
  });

  it("keeps one default: a new default takes it over, the default can be neither dropped nor removed", async () => {
    await db.store.markets.save(europe);
    await db.store.markets.save(market());
    expect(await db.store.markets.save({ ...europe, isDefault: false })).toEqual({ kind: "default-needed" });
    expect(await db.store.markets.remove("europe")).toBe("default");
    expect((await db.store.markets.get("europe"))?.isDefault).toBe(true);

    expect(await db.store.markets.save(market({ isDefault: true }))).toEqual({ kind: "saved" });
    const all = await db.store.markets.list();
    expect(all.filter((m) => m.isDefault).map((m) => m.id)).toEqual(["uk"]);
    expect(await db.store.markets.remove("europe")).toBe("removed");
    expect(await db.store.markets.remove("uk")).toBe("default");
  });

  it("lets only one of two instances saving the same country at once have it", async () => {
    const other = await db.reopen();
    const results = await Promise.all([
      db.store.markets.save(market({ id: "a", name: "A", countries: ["CH"] })),
      other.markets.save(market({ id: "b", name: "B", countries: ["CH", "LI"] })),
    ]);
    expect(results.filter((r) => r.kind === "saved")).toHaveLength(1);
    expect(results.filter((r) => r.kind === "clash")).toHaveLength(1);
    expect((await db.store.markets.list()).filter((m) => m.countries.includes("CH"))).toHaveLength(1);
  });

  it("leaves one default when two instances make two markets the default at once", async () => {
    await db.store.markets.save(europe);
    await db.store.markets.save(market());
    await db.store.markets.save(market({ id: "ch", name: "Switzerland", countries: ["CH"], currency: "CHF" }));
    const other = await db.reopen();
    await Promise.all([
      db.store.markets.save(market({ isDefault: true })),
      other.markets.save(
        market({ id: "ch", name: "Switzerland", countries: ["CH"], currency: "CHF", isDefault: true }),
      ),
    ]);
    expect((await db.store.markets.list()).filter((m) => m.isDefault)).toHaveLength(1);
  });
});
