import { describe, expect, it } from "vitest";
import { currencySymbol } from "~/domain/money";
import { convertFromBase, type Market } from "~/domain/market";
import { baseRangeFor, priceBandsIn, wholeToMinor } from "~/domain/price-bands";

type Pricing = Pick<Market, "currency" | "rateMicros" | "rounding">;

const markets: Pricing[] = [
  { currency: "EUR", rateMicros: 1_000_000, rounding: "exact" },
  { currency: "GBP", rateMicros: 860_000, rounding: "99" },
  { currency: "CHF", rateMicros: 940_000, rounding: "95" },
  { currency: "SEK", rateMicros: 11_480_000, rounding: "whole" },
  { currency: "USD", rateMicros: 1_080_000, rounding: "exact" },
  { currency: "JPY", rateMicros: 162_500_000, rounding: "whole" },
];

describe("price filters in the shopper's currency", () => {
  it("finds exactly the base prices whose converted price is within the bounds", () => {
    for (const market of markets) {
      // Bounds on and between converted prices, open at either end, and one no price fits.
      const bounds: Array<[number | null, number | null]> = [
        [null, null],
        [wholeToMinor(25, market.currency), wholeToMinor(50, market.currency)],
        [wholeToMinor(40, market.currency), null],
        [null, wholeToMinor(30, market.currency)],
        [convertFromBase(4995, market), convertFromBase(4995, market)],
        [convertFromBase(4995, market) + 1, convertFromBase(4996, market) - 1],
        [0, 0],
      ];
      for (const [min, max] of bounds) {
        const range = baseRangeFor(min, max, market);
        for (let base = 0; base <= 30_000; base += 7) {
          const price = convertFromBase(base, market);
          const inside = (min === null || price >= min) && (max === null || price <= max);
          expect(base >= range.min && base <= range.max, `${market.currency} ${min}–${max}: €${base / 100}`).toBe(
            inside,
          );
        }
      }
    }
  });

  it("leaves bounds in euros as they are", () => {
    expect(baseRangeFor(2500, 5000, markets[0])).toEqual({ min: 2500, max: 5000 });
    expect(baseRangeFor(null, null, markets[0])).toEqual({ min: 0, max: Infinity });
  });

  it("gives each currency bands in round amounts of its own", () => {
    expect(priceBandsIn("EUR")).toEqual([
      { min: 0, max: 25 },
      { min: 25, max: 50 },
      { min: 50, max: 100 },
      { min: 100, max: 200 },
      { min: 200, max: null },
    ]);
    expect(priceBandsIn("GBP")).toEqual(priceBandsIn("EUR"));
    expect(priceBandsIn("SEK").map((b) => b.min)).toEqual([0, 250, 500, 1000, 2000]);
    expect(wholeToMinor(200, "JPY")).toBe(200);
    expect(wholeToMinor(25, "GBP")).toBe(2500);
  });

  it("names the currency by the sign its shoppers read", () => {
    expect(currencySymbol("EUR")).toBe("€");
    expect(currencySymbol("GBP")).toBe("£");
    expect(currencySymbol("USD")).toBe("$");
    expect(currencySymbol("CHF")).toBe("CHF");
  });
});
