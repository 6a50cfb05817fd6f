import { describe, expect, it } from "vitest";
import type { DeliveryMethod } from "~/domain/shipping-zone";
import { formRowsOf, zoneFormSchema, zoneFromForm } from "~/lib/shipping-zone-form";
import { taxFormOf, taxRuleFromForm } from "~/lib/tax-rule-form";

// The zone form shows amounts as they are typed (minorToInput) and reads them back (parseMinor):
// what it shows must read back to the same minor units.

const methods: DeliveryMethod[] = [
  {
    id: "standard",
    name: "Standard",
    estimate: "2–4 working days",
    basis: "value",
    bands: [
      { from: 0, priceMinor: 495 },
      { from: 5000, priceMinor: 5 },
    ],
    freeFromMinor: 7500,
  },
  {
    id: "heavy",
    name: "Heavy",
    estimate: "",
    basis: "weight",
    bands: [{ from: 2000, priceMinor: 123456 }],
    freeFromMinor: null,
  },
];

describe("the zone form's amounts", () => {
  it("shows euros with two decimals and grams as they are", () => {
    const [standard, heavy] = formRowsOf(methods);
    expect(standard.bands).toEqual([
      { from: "0.00", price: "4.95" },
      { from: "50.00", price: "0.05" },
    ]);
    expect(standard.freeFrom).toBe("75.00");
    expect(heavy.bands).toEqual([{ from: "2000", price: "1234.56" }]);
    expect(heavy.freeFrom).toBe("");
  });

  it("reads back what it shows", () => {
    const value = zoneFormSchema.parse({ name: "Home", countries: ["IE"], methods: formRowsOf(methods) });
    const read = zoneFromForm(value);
    expect(read.ok && read.zone.methods).toEqual(methods);
  });

  it("shows the UK threshold in pounds and reads it back", () => {
    const rule = { kind: "uk-vat", ratePercent: 20, thresholdGbpMinor: 13500, gbpPerBaseMicros: 850_000 } as const;
    const shown = taxFormOf(rule);
    expect(shown.ukThreshold).toBe("135.00");
    expect(taxRuleFromForm(shown)).toEqual({ ok: true, rule });
  });
});
