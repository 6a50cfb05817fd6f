import { describe, expect, it } from "vitest";
import { flatRateZone, type ShippingZone } from "~/domain/shipping-zone";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";

// Zones are read whole by checkout, the info pages and the feed on every instance: what one
// instance saves the next read anywhere sees, and no save (even two at once on two instances)
// can leave a country in two zones.

const AT = "2026-11-27T10:00:00.000Z";
const europe = flatRateZone(["IE", "DE", "FR"], { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 }, AT);

const zone = (overrides: Partial<ShippingZone> = {}): ShippingZone => ({
  id: "north-america",
  name: "North America",
  countries: ["US", "CA"],
  position: 1,
  updatedAt: AT,
  methods: [
    {
      id: "courier",
      name: "Courier",
      estimate: "4–7 working days",
      basis: "weight",
      bands: [
        { from: 0, priceMinor: 1500 },
        { from: 2000, priceMinor: 2500 },
      ],
      freeFromMinor: null,
    },
  ],
  ...overrides,
});

describe.each(STORE_ADAPTERS)("ShippingZoneStore contract: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("saves, lists by position, replaces and removes zones; another instance sees each change", async () => {
    const other = await db.reopen();
    expect(await other.shippingZones.list()).toEqual([]);
    expect(await db.store.shippingZones.save(zone())).toEqual({ kind: "saved" });
    expect(await db.store.shippingZones.save(europe)).toEqual({ kind: "saved" });
    expect((await other.shippingZones.list()).map((z) => z.id)).toEqual(["europe", "north-america"]);
    expect(await other.shippingZones.get("north-america")).toEqual(zone());

    const edited = zone({ name: "Americas", countries: ["US", "CA", "MX"], updatedAt: "2026-11-27T11:00:00.000Z" });
    expect(await other.shippingZones.save(edited)).toEqual({ kind: "saved" });
    expect(await db.store.shippingZones.get("north-america")).toEqual(edited);

    expect(await db.store.shippingZones.remove("north-america")).toBe(true);
    expect(await db.store.shippingZones.remove("north-america")).toBe(false);
    expect(await other.shippingZones.get("north-america")).toBeNull();
    expect((await other.shippingZones.list()).map((z) => z.id)).toEqual(["europe"]);
  });

  it("refuses a zone holding a country of another zone, and writes nothing of it", async () => {
    await db.store.shippingZones.save(europe);
    expect(await db.store.shippingZones.save(zone({ countries: ["US", "FR"] }))).toEqual({
      kind: "clash",
      country: "FR",
      zoneId: "europe",
      zoneName: "Europe",
    });
    expect(await db.store.shippingZones.get("north-america")).toBeNull();
    // Its own countries are not a clash: a zone is saved again as it is.
    expect(await db.store.shippingZones.save({ ...europe, name: "EU and friends" })).toEqual({ kind: "saved" });
  });

  it("keeps each zone's tax rule, replaces it with the zone, and reads a zone without one as having none", async () => {
    const other = await db.reopen();
    const uk = zone({
      id: "uk",
      name: "United Kingdom",
      countries: ["GB"],
      taxRule: { kind: "uk-vat", ratePercent: 20, thresholdGbpMinor: 13_500, gbpPerBaseMicros: 850_000 },
    });
    const overseas = zone({ taxRule: { kind: "import" } });
    const eu = { ...europe, taxRule: { kind: "eu-vat" as const, rates: { FR: 20, DE: 19.5 } } };
    for (const z of [uk, overseas, eu]) expect(await db.store.shippingZones.save(z)).toEqual({ kind: "saved" });
    expect(await other.shippingZones.get("uk")).toEqual(uk);
    expect(await other.shippingZones.get("north-america")).toEqual(overseas);
    expect(await other.shippingZones.get("europe")).toEqual(eu);

    // The owner corrects the UK rate: the next read anywhere has the new one.
    const corrected = { ...uk, taxRule: { ...uk.taxRule!, ratePercent: 17.5 } as const };
    await other.shippingZones.save(corrected);
    expect((await db.store.shippingZones.list()).find((z) => z.id === "uk")?.taxRule).toEqual(corrected.taxRule);

    // A zone saved without a rule (as before rules existed) comes back without one: services read it as eu-vat.
    await db.store.shippingZones.save(europe);
    expect(await other.shippingZones.get("europe")).toEqual(europe);
  });

  it("lets only one of two instances saving the same country at once have it", async () => {
    const other = await db.reopen();
    const results = await Promise.all([
      db.store.shippingZones.save(zone({ id: "a", name: "A", countries: ["US"] })),
      other.shippingZones.save(zone({ id: "b", name: "B", countries: ["US", "CA"] })),
    ]);
    expect(results.filter((r) => r.kind === "saved")).toHaveLength(1);
    expect(results.filter((r) => r.kind === "clash")).toHaveLength(1);
    const holders = (await db.store.shippingZones.list()).filter((z) => z.countries.includes("US"));
    expect(holders).toHaveLength(1);
  });
});
