import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate } from "~/domain/allocate";
import { bestPricing, type PricedLine } from "~/domain/promotion-rules";
import { codeRefusal } from "~/server/services/promotions/code-refusal";
import { vatBreakdown, vatIncluded } from "~/domain/vat";
import { makePromotion } from "../support/promotion-factory";

// The money arithmetic of promotions and VAT: whole cents that always add up.

const weights = fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 30 });

describe("allocate (largest remainder)", () => {
  it("shares are never negative, never above their line, and sum exactly to the amount", () => {
    fc.assert(
      fc.property(weights, fc.double({ min: 0, max: 1, noNaN: true }), (ws, fraction) => {
        const total = ws.reduce((s, w) => s + w, 0);
        const amount = Math.floor(total * fraction);
        const shares = allocate(amount, ws);
        expect(shares).toHaveLength(ws.length);
        shares.forEach((share, i) => {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(ws[i]);
          expect(Number.isInteger(share)).toBe(true);
        });
        expect(shares.reduce((s, x) => s + x, 0)).toBe(amount);
      }),
    );
  });

  it("splits in proportion, the odd cents to the largest remainders", () => {
    expect(allocate(100, [500, 500, 500])).toEqual([34, 33, 33]);
    expect(allocate(100, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(allocate(10, [3000, 1000])).toEqual([8, 2]);
    expect(allocate(5, [0, 10])).toEqual([0, 5]);
    expect(allocate(50, [10, 10])).toEqual([10, 10]);
  });
});

describe("VAT included in gross prices", () => {
  it("rounds half up per line: 23% of €100.00 gross is €18.70; 25.5% and 8.1% work in tenths", () => {
    expect(vatIncluded(10_000, 23)).toBe(1870);
    expect(vatIncluded(12_300, 23)).toBe(2300);
    expect(vatIncluded(12_550, 25.5)).toBe(2550);
    expect(vatIncluded(10_810, 8.1)).toBe(810);
    expect(vatIncluded(0, 23)).toBe(0);
    expect(vatIncluded(1000, 0)).toBe(0);
  });

  it("each line's VAT is within half a cent of the exact figure, and the total is the sum of the lines and delivery", () => {
    const rates = fc.constantFrom(0, 8.1, 17, 19, 20, 21, 23, 25.5, 27);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 5000 }),
        rates,
        (lines, ship, rate) => {
          const vat = vatBreakdown(lines, ship, rate);
          lines.forEach((gross, i) => {
            const exact = (gross * rate) / (100 + rate);
            expect(Math.abs(vat.lines[i] - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
            expect(vat.lines[i]).toBeLessThanOrEqual(gross);
          });
          expect(vat.vatMinor).toBe(vat.lines.reduce((s, v) => s + v, 0) + vat.shippingVatMinor);
        },
      ),
    );
  });
});

const line = (productId: string, grossMinor: number, category: PricedLine["category"] = "sweaters"): PricedLine => ({
  productId,
  grossMinor,
  category,
});

describe("promotion rules", () => {
  const now = new Date("2026-11-23T12:00:00.000Z");
  const unused = { total: 0, customer: 0 };

  it("states why a code cannot be used", () => {
    const lines = [line("a", 4000, "jeans")];
    expect(codeRefusal("nope", null, lines, now, unused)).toBe(
      "We don't recognise the code NOPE. Check it and try again.",
    );
    expect(codeRefusal("old", makePromotion({ endsAt: "2026-11-01T00:00:00.000Z" }), lines, now, unused)).toMatch(
      /^The code OLD expired on 1 November 2026/,
    );
    expect(codeRefusal("soon", makePromotion({ startsAt: "2026-12-01T09:00:00.000Z" }), lines, now, unused)).toMatch(
      /^The code SOON is not valid yet: it starts on 1 December 2026/,
    );
    expect(codeRefusal("min", makePromotion({ minimumSubtotalMinor: 5000 }), lines, now, unused)).toBe(
      "The code MIN needs a subtotal of at least €50 on the items it applies to.",
    );
    expect(codeRefusal("gone", makePromotion({ usageLimit: 3 }), lines, now, { total: 3, customer: 0 })).toBe(
      "The code GONE has been used up.",
    );
    expect(codeRefusal("knit", makePromotion({ categories: ["sweaters"] }), lines, now, unused)).toBe(
      "The code KNIT does not apply to the items in your cart.",
    );
    expect(codeRefusal("ok", makePromotion(), lines, now, unused)).toBeNull();
  });

  it("a percentage applies to its lines only; a fixed amount never exceeds them; discounts never exceed a line", () => {
    const lines = [line("a", 3000, "sweaters"), line("b", 5000, "jeans")];
    const knit = makePromotion({ categories: ["sweaters"], percentOff: 10 });
    expect(bestPricing([knit], lines, 495)).toMatchObject({ lineDiscounts: [300, 0], discountMinor: 300 });
    const fifty = makePromotion({ kind: "fixed", percentOff: null, amountOffMinor: 99_999, productIds: ["b"] });
    expect(bestPricing([fifty], lines, 495)).toMatchObject({ lineDiscounts: [0, 5000], discountMinor: 5000 });
    const both = bestPricing(
      [knit, makePromotion({ kind: "fixed", percentOff: null, amountOffMinor: 1000 })],
      lines,
      495,
    );
    expect(both.discountMinor).toBe(1300);
    expect(both.lineDiscounts.reduce((s, d) => s + d, 0)).toBe(1300);
  });

  it("a promotion that does not combine applies alone when it is worth more, otherwise the others apply", () => {
    const lines = [line("a", 10_000)];
    const auto = makePromotion({ code: null, percentOff: 10 });
    const big = makePromotion({ percentOff: 30, combinable: false });
    const small = makePromotion({ percentOff: 5, combinable: false });
    expect(bestPricing([auto, big], lines, 495).discountMinor).toBe(3000);
    expect(bestPricing([auto, small], lines, 495).discountMinor).toBe(1000);
    const free = makePromotion({ kind: "free_delivery", percentOff: null });
    expect(bestPricing([auto, free], lines, 495)).toMatchObject({ discountMinor: 1000, freeDelivery: true });
  });

  it("any set of promotions on any lines: line discounts are whole, between 0 and the line, and sum to the total", () => {
    const promo = fc.record({
      kind: fc.constantFrom("percentage" as const, "fixed" as const, "free_delivery" as const),
      percentOff: fc.integer({ min: 1, max: 100 }),
      amountOffMinor: fc.integer({ min: 1, max: 100_000 }),
      combinable: fc.boolean(),
      onlyA: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 500_000 }), { minLength: 1, maxLength: 10 }),
        fc.array(promo, { maxLength: 4 }),
        (grosses, specs) => {
          const lines = grosses.map((g, i) => line(i === 0 ? "a" : `p${i}`, g));
          const promotions = specs.map((s) => makePromotion({ ...s, productIds: s.onlyA ? ["a"] : [] }));
          const pricing = bestPricing(promotions, lines, 495);
          pricing.lineDiscounts.forEach((d, i) => {
            expect(Number.isInteger(d)).toBe(true);
            expect(d).toBeGreaterThanOrEqual(0);
            expect(d).toBeLessThanOrEqual(grosses[i]);
          });
          expect(pricing.lineDiscounts.reduce((s, d) => s + d, 0)).toBe(pricing.discountMinor);
          expect(pricing.applied.reduce((s, a) => s + a.discountMinor, 0)).toBe(pricing.discountMinor);
        },
      ),
    );
  });
});
