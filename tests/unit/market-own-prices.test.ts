import { describe, expect, it } from "vitest";
import { baseMarket, type Market } from "~/domain/market";
import { ownPriceIn, wasPriceAbove } from "~/domain/market-own-price";
import { orderLineIn, ownPriceOf, pricedIn } from "~/server/services/markets/market-prices";
import { lineFor } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";

// A product's own price in a market (decision 0030) wins over the converted base price wherever a
// shopper sees or pays it; its "was" price stays the converted compare-at price, shown only above
// the price paid; the seeded euro market and other markets never see it.

const europe = baseMarket(["IE", "FR"], "2026-11-27T00:00:00.000Z");
const uk: Market = { ...europe, id: "uk", currency: "GBP", rateMicros: 860_000, rounding: "99", isDefault: false };
const japan: Market = { ...uk, id: "japan", currency: "JPY", rateMicros: 160_000_000, rounding: "whole" };
const own = { uk: { priceMinor: 2500 } };

describe("a product's own price in a market", () => {
  it("is found by the market's id only, and only as a positive whole number of minor units", () => {
    expect(ownPriceIn(own, "uk")).toBe(2500);
    expect(ownPriceIn(own, "japan")).toBeNull();
    expect(ownPriceIn(undefined, "uk")).toBeNull();
    expect(ownPriceIn(own, undefined)).toBeNull();
    // An inherited name is not a market's entry.
    expect(ownPriceIn(own, "constructor")).toBeNull();
    expect(ownPriceIn({ uk: { priceMinor: 0 } }, "uk")).toBeNull();
  });

  it("wins over the converted price on a card, and the other markets' prices are not passed on", () => {
    // Converted, €49.95 would be £42.99; its own price is £25.00.
    const card = { id: "p", priceMinor: 4995, compareAtMinor: null, marketPrices: own };
    expect(pricedIn(uk, card)).toEqual({ id: "p", priceMinor: 2500, compareAtMinor: null });
    // Japan has no own price: converted at its rate (€49.95 × 160 = ¥7992 → ¥7992).
    expect(pricedIn(japan, card)).toEqual({ id: "p", priceMinor: 7992, compareAtMinor: null });
    // The euro market's page gets the base price and nothing of the other markets.
    expect(pricedIn(europe, card)).toEqual({ id: "p", priceMinor: 4995, compareAtMinor: null });
  });

  it("leaves the euro market's items as the very same objects when no product has own prices", () => {
    const card = { id: "p", priceMinor: 4995, compareAtMinor: 7995 };
    expect(pricedIn(europe, card)).toBe(card);
  });

  it("shows the converted 'was' price only while it is above the own price", () => {
    // On sale in base: €79.95 was, €49.95 now. Converted the was price is £68.99.
    const onSale = { priceMinor: 4995, compareAtMinor: 7995 };
    expect(pricedIn(uk, { ...onSale, marketPrices: own })).toMatchObject({ priceMinor: 2500, compareAtMinor: 6899 });
    // An own price at or above £68.99 shows no saving at all.
    expect(pricedIn(uk, { ...onSale, marketPrices: { uk: { priceMinor: 6899 } } }).compareAtMinor).toBeNull();
    expect(pricedIn(uk, { ...onSale, marketPrices: { uk: { priceMinor: 9000 } } }).compareAtMinor).toBeNull();
    expect(wasPriceAbove(100, 100)).toBeNull();
    expect(wasPriceAbove(101, 100)).toBe(101);
  });

  it("prices an order line at the own price, keeping the 'was' price only above it", () => {
    const product = makeProduct({ priceMinor: 4995, compareAtMinor: 7995, marketPrices: own });
    const line = { ...lineFor(product, product.variants[0].size, product.variants[0].colour), quantity: 2 };
    const priced = orderLineIn(uk, line, ownPriceOf(uk, product));
    expect(priced).toMatchObject({ unitPriceMinor: 2500, compareAtMinor: 6899, quantity: 2 });
    // Without an own price the line is converted as every page converts it.
    expect(orderLineIn(uk, line, ownPriceOf(japan, product)).unitPriceMinor).toBe(4299);
    // The base market never reads own prices.
    expect(ownPriceOf(europe, { marketPrices: { europe: { priceMinor: 1 } } })).toBeNull();
  });
});
