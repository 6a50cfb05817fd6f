import type { OrderLine } from "~/domain/commerce";
import { convertFromBase, marketPrice, pricesAreBase, type Market, type MarketPricing } from "~/domain/market";
import type { Promotion } from "~/domain/promotion";
import { listedPriceIn, ownPriceIn, wasPriceAbove, type MarketPrices } from "~/domain/market-own-price";

// The one way a base (euro) amount becomes an amount in a shopper's market. Every page, the cart and
// checkout ask these two, so a price can never read differently in two places:
// - what a product costs (and its compare-at price): the product's own price in the market when it
//   has one, else converted at the market's rate and rounded up to its ending (.99, .95, .00);
// - any other amount (delivery prices, free-delivery thresholds, a promotion's fixed amount off, a
//   price filter's bound): converted at the rate to the exact minor unit, since the owner's endings
//   are for prices on a label, not for fees.

export type PricingMarket = Pick<Market, "currency" | "rateMicros" | "rounding"> & {
  /** The market's id: a product's own price there (decision 0030) is found by it; absent: none applies. */
  id?: string;
};

/** The product's own price in the market, or null (its price there is converted from the base price). */
export function ownPriceOf(market: PricingMarket, product: { marketPrices?: MarketPrices }): number | null {
  return pricesAreBase(market) ? null : ownPriceIn(product.marketPrices, market.id);
}

/** A product's (or variant's) base price in the market. */
export function productPriceIn(market: PricingMarket, baseMinor: number, ownPriceMinor?: number | null): number {
  return marketPrice(baseMinor, market, ownPriceMinor);
}

/** A compare-at price in the market (null stays null): converted as the price is, so the saving shows the same. */
export function compareAtIn(market: PricingMarket, baseMinor: number | null | undefined): number | null {
  return baseMinor == null ? null : convertFromBase(baseMinor, market);
}

/** A fee or threshold in the market: the rate, exact to the minor unit. */
export function amountIn(market: PricingMarket, baseMinor: number): number {
  return convertFromBase(baseMinor, { ...market, rounding: "exact" });
}

export { pricesAreBase };

interface Priced {
  priceMinor: number;
  compareAtMinor?: number | null;
  /** The product's own prices by market: read here, never passed on to a page. */
  marketPrices?: MarketPrices;
}

/** What an order keeps of the market that priced it: reports convert its amounts back at this rate. */
export const orderPricingOf = (market: Pick<Market, "id" | "currency" | "rateMicros">): MarketPricing => ({
  marketId: market.id,
  currency: market.currency,
  rateMicros: market.rateMicros,
});

/**
 * An order line priced from the catalogue's base price, in the market: its unit price as every page
 * showed it (`productPriceIn`), its compare-at price converted and kept only while above it.
 */
export function orderLineIn(market: PricingMarket, line: OrderLine, ownPriceMinor: number | null = null): OrderLine {
  if (pricesAreBase(market)) return line;
  const unitPriceMinor = productPriceIn(market, line.unitPriceMinor, ownPriceMinor);
  return {
    ...line,
    unitPriceMinor,
    compareAtMinor: wasPriceAbove(compareAtIn(market, line.compareAtMinor), unitPriceMinor),
  };
}

/**
 * A promotion as it applies in the market: its fixed amount off and its minimum spend at the
 * market's rate (exact, as fees are); a percentage needs no conversion.
 */
export function promotionIn(market: PricingMarket, promotion: Promotion): Promotion {
  if (pricesAreBase(market)) return promotion;
  return {
    ...promotion,
    amountOffMinor: promotion.amountOffMinor === null ? null : amountIn(market, promotion.amountOffMinor),
    minimumSubtotalMinor:
      promotion.minimumSubtotalMinor === null ? null : amountIn(market, promotion.minimumSubtotalMinor),
  };
}

/**
 * A product card, a product, a saved item… with its prices in the market (a saved item's price at
 * saving is the wishlist's to tell: `savedPriceIn`). Its own price in the market wins
 * (decision 0030); the "was" price is the base compare-at price converted, shown only while above
 * the price paid. The seeded euro market returns the very same object: its pages do not change by
 * a byte. The own prices of other markets are left out of what a page gets.
 */
export function pricedIn<T extends Priced>(market: PricingMarket, item: T): T {
  const { marketPrices, ...rest } = item;
  if (pricesAreBase(market)) return marketPrices === undefined ? item : (rest as T);
  // A card's own price there, or (a gift card's card) its smallest amount in the market's currency.
  const own = listedPriceIn(marketPrices, market);
  const priced = { ...rest, priceMinor: productPriceIn(market, item.priceMinor, own) } as T;
  if (item.compareAtMinor !== undefined)
    priced.compareAtMinor = wasPriceAbove(compareAtIn(market, item.compareAtMinor), priced.priceMinor);
  return priced;
}

/** Each of `items` priced in the market (`pricedIn`). */
export const allPricedIn = <T extends Priced>(market: PricingMarket, items: readonly T[]): T[] =>
  items.map((item) => pricedIn(market, item));
