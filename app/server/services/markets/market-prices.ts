import { convertFromBase, marketPrice, pricesAreBase, type Market } from "~/domain/market";

// The one way a base (euro) amount becomes an amount in a shopper's market. Every page, the cart and
// checkout ask these two, so a price can never read differently in two places:
// - what a product costs (and its compare-at price): the product's own price in the market when it
//   has one, else converted at the market's rate and rounded up to its ending (.99, .95, .00);
// - any other amount (delivery prices, free-delivery thresholds, a promotion's fixed amount off, a
//   price filter's bound): converted at the rate to the exact minor unit, since the owner's endings
//   are for prices on a label, not for fees.

export type PricingMarket = Pick<Market, "currency" | "rateMicros" | "rounding">;

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
  savedPriceMinor?: number;
}

/**
 * What checkout tells a shopper whose pages were in another currency: orders are still placed and
 * charged in euros (issue 29's checkout step is not built), so the figures there are euro figures.
 * Null in a market whose prices are the base ones.
 */
export function chargedInBaseNotice(market: PricingMarket): string | null {
  if (pricesAreBase(market)) return null;
  return (
    `Orders are placed and charged in euros (EUR) for now: the prices below are in euros, ` +
    `not in ${market.currency} as on the shop's other pages.`
  );
}

/**
 * A product card, a product, a saved item… with its prices in the market (the price the shopper
 * saved an item at too, so a price drop compares like with like). The seeded euro market returns
 * the very same object: its pages do not change by a byte.
 */
export function pricedIn<T extends Priced>(market: PricingMarket, item: T): T {
  if (pricesAreBase(market)) return item;
  const priced: T = { ...item, priceMinor: productPriceIn(market, item.priceMinor) };
  if (item.compareAtMinor !== undefined) priced.compareAtMinor = compareAtIn(market, item.compareAtMinor);
  if (item.savedPriceMinor !== undefined) priced.savedPriceMinor = productPriceIn(market, item.savedPriceMinor);
  return priced;
}

/** Each of `items` priced in the market (`pricedIn`). */
export const allPricedIn = <T extends Priced>(market: PricingMarket, items: readonly T[]): T[] =>
  items.map((item) => pricedIn(market, item));
