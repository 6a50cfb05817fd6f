import { convertFromBase, marketPrice, type Market } from "~/domain/market";

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

/**
 * An amount the shopper typed in the market's currency (a price filter's bound) as a base amount,
 * rounded down, so a filter "up to £50" never leaves out a product whose converted price is £50.
 */
export function baseAmountOf(market: PricingMarket, minor: number): number {
  if (market.rateMicros === 1_000_000 && market.currency === "EUR") return minor;
  return Math.floor((minor * 1_000_000) / market.rateMicros);
}
