// Price filters in the shopper's currency: the listing's price bands and its min/max bounds are
// in whole units of the market's currency, and the catalogue (which holds base prices) is filtered
// by the base prices whose converted price falls inside them. A converted price only grows with
// the base price (rate × base, rounded up to an ending), so "converted price within [min, max]" is
// exactly "base price within [lowest base reaching min, highest base not passing max]": one range
// of base prices, found by bisection. No product can be counted in a band its card does not show.

import { ROUND_UNITS_PER_EURO, unitsToMinor, type CurrencyCode } from "./money";
import { convertFromBase, type Market } from "./market";

type Pricing = Pick<Market, "currency" | "rateMicros" | "rounding">;

/** The bands in euros; other currencies scale them to round numbers of their own (below). */
const BASE_BANDS: ReadonlyArray<{ min: number; max: number | null }> = [
  { min: 0, max: 25 },
  { min: 25, max: 50 },
  { min: 50, max: 100 },
  { min: 100, max: 200 },
  { min: 200, max: null },
];

export interface PriceBand {
  /** Whole units of the currency; max null = open-ended. Inclusive at both ends, as the min/max filter is. */
  min: number;
  max: number | null;
}

/** The listing's price bands in a currency, in whole units. */
export function priceBandsIn(currency: CurrencyCode): PriceBand[] {
  // Round amounts of the currency ("kr 250–500", not "kr 287–574"): bands are a way in, not a price;
  // the bounds a shopper types are exact.
  const scale = ROUND_UNITS_PER_EURO[currency];
  return BASE_BANDS.map((b) => ({ min: b.min * scale, max: b.max === null ? null : b.max * scale }));
}

/** Whole units of a currency in its minor units (JPY has none). */
export const wholeToMinor = (units: number, currency: CurrencyCode) => unitsToMinor(units, currency);

/** The smallest base price (≥ 0) whose price in the market is at least `minor`. */
function lowestBaseReaching(minor: number, market: Pricing): number {
  if (minor <= 0) return 0;
  let high = 1;
  while (convertFromBase(high, market) < minor) high *= 2;
  let low = Math.floor(high / 2); // converts below `minor` (or is 0, which converts to 0 < minor)
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (convertFromBase(middle, market) >= minor) high = middle;
    else low = middle;
  }
  return high;
}

/**
 * The base prices (minor units, inclusive) whose price in the market lies within [minMinor, maxMinor]
 * of its currency (null: unbounded). `max` is Infinity when unbounded, and below `min` when no base
 * price fits (a range between two adjacent converted prices).
 */
export function baseRangeFor(
  minMinor: number | null,
  maxMinor: number | null,
  market: Pricing,
): { min: number; max: number } {
  const min = minMinor === null ? 0 : lowestBaseReaching(minMinor, market);
  const max = maxMinor === null ? Infinity : lowestBaseReaching(maxMinor + 1, market) - 1;
  return { min, max };
}
