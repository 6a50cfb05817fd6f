// Percentages: the one place a fraction becomes "per hundred" and back, so the money lint rule
// (no `* 100` / `/ 100` outside the money module) can tell them apart from cents.

const PER_CENT = 100;

/** A fraction as a whole percentage, to the nearest: 0.254 -> 25. */
export const roundedPercent = (fraction: number): number => Math.round(fraction * PER_CENT);

/** The share `part` is of `whole` as a whole percentage, rounded down so it is never overstated. */
export const flooredPercent = (part: number, whole: number): number => Math.floor((part / whole) * PER_CENT);

/** `percent` per cent of an amount (minor units stay integers): percentOf(1999, 10) -> 200. */
export const percentOf = (amount: number, percent: number): number => Math.round((amount * percent) / PER_CENT);

/** "25%" for a share of 0.254. */
export const formatPercent = (fraction: number): string => `${roundedPercent(fraction)}%`;

/** The percentage saved against a compare-at price, rounded down so we never overstate it. */
export function discountPercent(priceMinor: number, compareAtMinor: number | null | undefined): number {
  if (!compareAtMinor || compareAtMinor <= priceMinor || compareAtMinor <= 0) return 0;
  return flooredPercent(compareAtMinor - priceMinor, compareAtMinor);
}
