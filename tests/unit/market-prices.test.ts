import { describe, expect, it } from "vitest";
import { baseMarket, type Market } from "~/domain/market";
import {
  allPricedIn,
  amountIn,
  chargedInBaseNotice,
  pricedIn,
  pricesAreBase,
} from "~/server/services/markets/market-prices";

// The one conversion every shopper's page uses: a product's prices at the market's rate, rounded up
// to its ending; fees and thresholds at the rate to the penny; the seeded euro market untouched.

const europe = baseMarket(["IE", "FR"], "2026-11-27T00:00:00.000Z");
const uk: Market = { ...europe, id: "uk", currency: "GBP", rateMicros: 860_000, rounding: "99", isDefault: false };

describe("prices in a market", () => {
  it("converts a card's price and compare-at price to the market's ending", () => {
    // €49.95 × 0.86 = £42.957 → £42.99; €79.95 × 0.86 = £68.757 → £68.99.
    expect(pricedIn(uk, { id: "p", priceMinor: 4995, compareAtMinor: 7995 })).toEqual({
      id: "p",
      priceMinor: 4299,
      compareAtMinor: 6899,
    });
    expect(pricedIn(uk, { priceMinor: 4995, compareAtMinor: null }).compareAtMinor).toBeNull();
  });

  it("converts the price a saved item was saved at too, so a price drop compares pounds with pounds", () => {
    expect(pricedIn(uk, { priceMinor: 3995, compareAtMinor: null, savedPriceMinor: 4995 })).toMatchObject({
      priceMinor: 3499,
      savedPriceMinor: 4299,
    });
  });

  it("converts fees and thresholds at the rate, exact to the penny", () => {
    expect(amountIn(uk, 7500)).toBe(6450);
    expect(amountIn(uk, 495)).toBe(426);
    expect(amountIn(uk, 0)).toBe(0);
  });

  it("leaves the seeded euro market's prices as they are, the very same objects", () => {
    const card = { priceMinor: 4995, compareAtMinor: 5995 };
    expect(pricesAreBase(europe)).toBe(true);
    expect(pricesAreBase(uk)).toBe(false);
    expect(pricedIn(europe, card)).toBe(card);
    expect(allPricedIn(europe, [card])[0]).toBe(card);
    expect(amountIn(europe, 495)).toBe(495);
  });

  it("tells a shopper in another currency that checkout charges euros, and says nothing in the euro market", () => {
    expect(chargedInBaseNotice(uk)).toContain("not in GBP");
    expect(chargedInBaseNotice(europe)).toBeNull();
  });
});
