import { describe, expect, it } from "vitest";
import { baseMarket, type Market } from "~/domain/market";
import {
  allPricedIn,
  amountIn,
  orderLineIn,
  orderPricingOf,
  pricedIn,
  pricesAreBase,
  promotionIn,
} from "~/server/services/markets/market-prices";
import { lineFor } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";
import { makePromotion } from "../support/promotion-factory";

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

  it("prices an order line as the pages showed it: the unit at the market's ending, compare-at kept only above it", () => {
    const product = makeProduct({ priceMinor: 4995, compareAtMinor: 7995 });
    const line = lineFor(product, product.variants[0].size, product.variants[0].colour, 2);
    expect(orderLineIn(uk, line)).toMatchObject({ unitPriceMinor: 4299, compareAtMinor: 6899, quantity: 2 });
    expect(orderLineIn(europe, line)).toBe(line);
    // A compare-at price that rounds to the price itself is no saving in the market.
    const close = lineFor(makeProduct({ priceMinor: 4995, compareAtMinor: 4996 }), line.size, line.colour);
    expect(orderLineIn(uk, close).compareAtMinor).toBeNull();
  });

  it("converts a promotion's fixed amount and minimum spend at the rate; a percentage stays as it is", () => {
    const fixed = makePromotion({ kind: "fixed", percentOff: null, amountOffMinor: 1000, minimumSubtotalMinor: 5000 });
    expect(promotionIn(uk, fixed)).toMatchObject({ amountOffMinor: 860, minimumSubtotalMinor: 4300 });
    expect(promotionIn(uk, makePromotion())).toMatchObject({ percentOff: 10, amountOffMinor: null });
    expect(promotionIn(europe, fixed)).toBe(fixed);
  });

  it("keeps on an order the market, currency and rate that priced it", () => {
    expect(orderPricingOf(uk)).toEqual({ marketId: "uk", currency: "GBP", rateMicros: 860_000 });
    expect(orderPricingOf(europe)).toEqual({ marketId: "europe", currency: "EUR", rateMicros: 1_000_000 });
  });
});
