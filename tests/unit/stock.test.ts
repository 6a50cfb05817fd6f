import { describe, expect, it } from "vitest";
import { canSell, lineLimit, MAX_QUANTITY_PER_LINE, soldOutEverywhere, unitsForSale } from "~/domain/sellable";

// The one rule for whether a size × colour can be sold and how many a cart line may hold.
describe("what can be sold", () => {
  const product = {
    status: "active" as const,
    variants: [
      { size: "S", colour: "Black", stock: 0, sku: "S-B" },
      { size: "M", colour: "Black", stock: 25, sku: "M-B" },
      { size: "L", colour: "Black", stock: -2, sku: "L-B" },
    ],
  };

  it("sells a variant only while it has stock, even when stock was stored below zero", () => {
    expect(product.variants.map(canSell)).toEqual([false, true, false]);
    expect(soldOutEverywhere(product.variants)).toBe(false);
    expect(soldOutEverywhere([product.variants[0], product.variants[2]])).toBe(true);
  });

  it("counts units for sale only on an active product, and none for a variant it lacks", () => {
    expect(unitsForSale(product, "M", "Black")).toBe(25);
    expect(unitsForSale(product, "L", "Black")).toBe(0);
    expect(unitsForSale(product, "M", "Cream")).toBe(0);
    expect(unitsForSale({ ...product, status: "archived" }, "M", "Black")).toBe(0);
    expect(unitsForSale(null, "M", "Black")).toBe(0);
  });

  it("caps a cart line at what is in stock and at the per-line maximum", () => {
    expect(MAX_QUANTITY_PER_LINE).toBe(10);
    expect(lineLimit(25)).toBe(10);
    expect(lineLimit(3)).toBe(3);
    expect(lineLimit(-1)).toBe(0);
  });
});
