import { describe, expect, it } from "vitest";
import {
  bandPrice,
  countryClash,
  flatRateZone,
  methodPrice,
  parcelWeight,
  quotesFor,
  sameQuotes,
  zoneOf,
  zoneProblems,
  type DeliveryMethod,
  type ShippingZone,
} from "~/domain/shipping-zone";

const AT = "2026-11-27T00:00:00.000Z";
const europe = flatRateZone(["IE", "DE", "FR"], { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 }, AT);

const method = (overrides: Partial<DeliveryMethod> = {}): DeliveryMethod => ({
  id: "m1",
  name: "Courier",
  estimate: "2–4 working days",
  basis: "value",
  bands: [{ from: 0, priceMinor: 1000 }],
  freeFromMinor: null,
  ...overrides,
});

const zone = (overrides: Partial<ShippingZone> = {}): ShippingZone => ({
  id: "na",
  name: "North America",
  countries: ["US", "CA"],
  methods: [method()],
  position: 1,
  updatedAt: AT,
  ...overrides,
});

describe("which zone holds a country", () => {
  it("finds the zone by code, whatever its case, and none for a country in no zone", () => {
    const zones = [europe, zone()];
    expect(zoneOf(zones, "de")?.id).toBe("europe");
    expect(zoneOf(zones, "US")?.id).toBe("na");
    expect(zoneOf(zones, "JP")).toBeNull();
  });

  it("names the first country another zone already holds", () => {
    expect(countryClash([europe], zone({ countries: ["US", "FR"] }))).toEqual({ country: "FR", zone: europe });
    expect(countryClash([europe], zone())).toBeNull();
    // A zone does not clash with its own saved self.
    expect(countryClash([europe], { id: "europe", countries: ["IE"] })).toBeNull();
  });
});

describe("the band that prices an order", () => {
  const bands = [
    { from: 0, priceMinor: 900 },
    { from: 5000, priceMinor: 600 },
    { from: 10000, priceMinor: 300 },
  ];
  it.each([
    [0, 900],
    [4999, 900],
    [5000, 600],
    [9999, 600],
    [10000, 300],
    [1_000_000, 300],
  ])("an amount of %i is priced %i", (amount, price) => {
    expect(bandPrice(bands, amount)).toBe(price);
  });

  it("prices a weight method by the parcel's grams, not its value", () => {
    const byWeight = method({
      basis: "weight",
      bands: [
        { from: 0, priceMinor: 500 },
        { from: 2000, priceMinor: 1200 },
      ],
    });
    expect(methodPrice(byWeight, { subtotalMinor: 100_000, weightGrams: 1999 })).toBe(500);
    expect(methodPrice(byWeight, { subtotalMinor: 100, weightGrams: 2000 })).toBe(1200);
  });

  it("is free from the threshold of the items' value, for value and weight methods alike", () => {
    const m = method({ freeFromMinor: 7500, basis: "weight", bands: [{ from: 0, priceMinor: 800 }] });
    expect(methodPrice(m, { subtotalMinor: 7499, weightGrams: 5000 })).toBe(800);
    expect(methodPrice(m, { subtotalMinor: 7500, weightGrams: 5000 })).toBe(0);
  });

  it("counts a line without a weight as 0 g", () => {
    expect(
      parcelWeight([
        { weightGrams: 250, quantity: 2 },
        { weightGrams: null, quantity: 3 },
      ]),
    ).toBe(500);
  });

  it("quotes today's flat rates as before: standard free from €75, express never", () => {
    expect(quotesFor(europe, { subtotalMinor: 7499, weightGrams: 0 }).map((q) => [q.label, q.priceMinor])).toEqual([
      ["Standard delivery (3–5 working days)", 495],
      ["Express delivery (1–2 working days)", 995],
    ]);
    const free = quotesFor(europe, { subtotalMinor: 7500, weightGrams: 0 });
    expect(free.map((q) => q.priceMinor)).toEqual([0, 995]);
    expect(free[0]).toMatchObject({ methodId: "standard", zoneId: "europe", zoneName: "Europe" });
  });

  it("tells a different offer from the same one", () => {
    const parcel = { subtotalMinor: 1000, weightGrams: 0 };
    expect(sameQuotes(quotesFor(europe, parcel), quotesFor({ ...europe, id: "other" }, parcel))).toBe(true);
    expect(sameQuotes(quotesFor(europe, parcel), quotesFor(zone(), parcel))).toBe(false);
  });
});

describe("what the back office may save", () => {
  it("accepts a valid zone", () => {
    expect(zoneProblems(zone())).toEqual([]);
    expect(zoneProblems(europe)).toEqual([]);
  });

  it("refuses a zone without countries, name or methods", () => {
    expect(zoneProblems(zone({ name: " ", countries: [], methods: [] }))).toEqual([
      "Give the zone a name.",
      "Choose at least one country for the zone.",
      "Add at least one delivery method: a zone without one delivers nowhere.",
    ]);
  });

  it("refuses bands that do not start at 0, overlap or cost less than nothing", () => {
    expect(zoneProblems(zone({ methods: [method({ bands: [{ from: 100, priceMinor: 500 }] })] }))).toEqual([
      "Courier: the first band must start at 0 cents.",
    ]);
    expect(
      zoneProblems(
        zone({
          methods: [
            method({
              basis: "weight",
              bands: [
                { from: 0, priceMinor: 500 },
                { from: 1000, priceMinor: -1 },
                { from: 1000, priceMinor: 700 },
              ],
            }),
          ],
        }),
      ),
    ).toEqual([
      "Courier: band 2's price must be zero or more.",
      "Courier: band 3 overlaps band 2: each band must start above the one before.",
    ]);
    expect(zoneProblems(zone({ methods: [method({ freeFromMinor: -5 })] }))).toEqual([
      "Courier: the free-from amount must be zero or more.",
    ]);
  });
});
