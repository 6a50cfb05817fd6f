import { describe, expect, it } from "vitest";
import { seedMarketsIfEmpty, seedZonesIfEmpty } from "~/server/seed/seed.server";
import { createAuditService } from "~/server/services/audit/audit.server";
import { createMarketsService, type MarketInput } from "~/server/services/markets/markets.server";
import { STORE_ADAPTERS, useFreshStore } from "../contract/adapters";
import { ukMarketInput } from "../support/market-factory";

// The back office's markets on every store: the seeded shop has one euro market for everyone; an
// owner adds a market for countries taken out of another, and never puts a country in two, leaves
// the shop without a default, or deletes the default; each change is in the audit log.

const RATES = { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 };
const ACTOR = "owner@hemline.test";

const uk = (overrides: Partial<MarketInput> = {}): MarketInput => ({
  ...ukMarketInput(),
  ...overrides,
});

describe.each(STORE_ADAPTERS)("markets from the back office on $name", (adapter) => {
  const db = useFreshStore(adapter);

  async function setUp() {
    await seedZonesIfEmpty(db.store, RATES, () => {});
    await seedMarketsIfEmpty(db.store, () => {});
    const audit = createAuditService({ store: db.store });
    return { audit, markets: createMarketsService({ store: db.store, audit: (r) => audit.record(r) }) };
  }

  it("prices every country in euros in the seeded shop, the default market for countries in none", async () => {
    const { markets } = await setUp();
    for (const country of ["IE", "GB", "CH", "US"])
      expect(await markets.marketForCountry(country)).toMatchObject({ id: "europe", currency: "EUR" });
    expect((await markets.defaultMarket()).id).toBe("europe");
  });

  it("refuses a country another market holds, then saves once it is taken out there", async () => {
    const { markets, audit } = await setUp();
    expect(await markets.save(uk(), ACTOR)).toEqual({
      kind: "invalid",
      problems: [
        "United Kingdom is already in the market Europe: a country can be in one market only. Take it out of Europe first.",
      ],
    });
    const europe = (await markets.market("europe"))!;
    const saved = await markets.save(
      { ...europe, id: "europe", countries: europe.countries.filter((c) => c !== "GB") },
      ACTOR,
    );
    expect(saved.kind).toBe("saved");
    const added = await markets.save(uk(), ACTOR);
    expect(added).toMatchObject({ kind: "saved", market: { id: "united-kingdom", currency: "GBP", position: 1 } });
    expect((await markets.marketForCountry("gb")).id).toBe("united-kingdom");
    const entries = await audit.list({ limit: 10 });
    expect(entries.entries.map((e) => e.summary)).toEqual(
      expect.arrayContaining(["Changed the market Europe (EUR)", "Added the market United Kingdom (GBP)"]),
    );
  });

  it("explains a market it cannot save, and writes nothing", async () => {
    const { markets } = await setUp();
    const result = await markets.save(uk({ name: "", countries: ["ZZ"], currency: "XYZ", rateMicros: 0 }), ACTOR);
    expect(result).toEqual({
      kind: "invalid",
      problems: [
        "Give the market a name.",
        "Choose one of the currencies listed.",
        "The rate must be a number above zero, with at most six decimals.",
        "ZZ is not a country code we know.",
      ],
    });
    expect(await markets.save(uk({ name: " ", countries: ["US"], rateMicros: 0 }), ACTOR)).toEqual({
      kind: "invalid",
      problems: ["Give the market a name.", "The rate must be a number above zero, with at most six decimals."],
    });
    expect((await db.store.markets.list()).map((m) => m.id)).toEqual(["europe"]);
  });

  it("keeps one default: a new default takes over; the default can be neither dropped nor deleted", async () => {
    const { markets } = await setUp();
    const us = await markets.save(uk({ name: "United States", countries: ["US"], currency: "USD" }), ACTOR);
    expect(us.kind).toBe("saved");
    const europe = (await markets.market("europe"))!;
    expect(await markets.save({ ...europe, id: "europe", isDefault: false }, ACTOR)).toEqual({
      kind: "invalid",
      problems: ["Europe is the default market: make another market the default instead, and this one stops being it."],
    });
    expect(await markets.remove("europe", ACTOR)).toEqual({
      kind: "refused",
      message: "Europe is the default market: make another market the default before deleting it.",
    });
    await markets.save({ ...(await markets.market("united-states"))!, id: "united-states", isDefault: true }, ACTOR);
    expect((await markets.defaultMarket()).id).toBe("united-states");
    expect((await markets.marketForCountry("JP")).id).toBe("united-states");
    expect(await markets.remove("europe", ACTOR)).toEqual({ kind: "removed" });
    expect(await markets.remove("europe", ACTOR)).toEqual({ kind: "not-found" });
    expect((await markets.marketForCountry("IE")).id).toBe("united-states");
  });
});
