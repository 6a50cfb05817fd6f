import { describe, expect, it } from "vitest";
import type { Product } from "~/domain/product";
import { feedItems, type FeedSettings } from "~/server/services/feed/feed-items.server";
import { makeProduct } from "../support/product-factory";
import { ukMarket } from "../support/market-factory";

// The Google feed of a country states the price its shoppers see: a product's own price in the
// country's market (decision 0030), the converted "was" price kept as the regular price only above it.

const uk: FeedSettings = {
  origin: "https://shop.example",
  brand: "Hemline",
  country: "GB",
  rates: { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 },
  market: ukMarket("2026-11-27T00:00:00.000Z"),
};
const product = (overrides: Partial<Product> = {}): Product => ({
  ...makeProduct({ id: "p1", name: "Linen shirt", ...overrides }),
  seq: 1,
  createdAt: "2026-10-01T10:00:00.000Z",
  updatedAt: "2026-10-01T10:00:00.000Z",
});

describe("feed items at own prices", () => {
  it("write the own price in the market; a market without one converts; the base feed never reads it", () => {
    const id = uk.market!.id!;
    // Converted €29.90 would be £25.99; its own price in the UK is £20.00.
    const [own] = feedItems(
      product({ priceMinor: 2990, compareAtMinor: null, marketPrices: { [id]: { priceMinor: 2000 } } }),
      uk,
    );
    expect([own.price, own.sale_price]).toEqual(["20.00 GBP", undefined]);
    const [elsewhere] = feedItems(product({ priceMinor: 2990, marketPrices: { other: { priceMinor: 2000 } } }), uk);
    expect(elsewhere.price).toBe("25.99 GBP");
    const { market: _market, ...euro } = uk;
    const [base] = feedItems(product({ priceMinor: 2990, marketPrices: { [id]: { priceMinor: 2000 } } }), {
      ...euro,
      country: "IE",
    });
    expect(base.price).toBe("29.90 EUR");
  });

  it("show a sale only while the converted compare-at price is above the own price", () => {
    const id = uk.market!.id!;
    // On sale in base from €39.90 (£34.99 converted).
    const [sale] = feedItems(
      product({ priceMinor: 2990, compareAtMinor: 3990, marketPrices: { [id]: { priceMinor: 2000 } } }),
      uk,
    );
    expect([sale.price, sale.sale_price]).toEqual(["34.99 GBP", "20.00 GBP"]);
    const [noSale] = feedItems(
      product({ priceMinor: 2990, compareAtMinor: 3990, marketPrices: { [id]: { priceMinor: 3500 } } }),
      uk,
    );
    expect([noSale.price, noSale.sale_price]).toEqual(["35.00 GBP", undefined]);
  });
});
