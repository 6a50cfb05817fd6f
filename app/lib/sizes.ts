import type { CategoryId } from "./categories";

// Sizes that fit each category. The order here is the display order everywhere
// (size radios, facets, the size guide).
export const APPAREL_SIZES = ["XS", "S", "M", "L", "XL", "XXL"] as const;
export const WAIST_SIZES = ["26", "27", "28", "29", "30", "31", "32", "33", "34", "36", "38"] as const;
export const SHOE_SIZES = ["36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46"] as const;
export const ONE_SIZE = "One size";
/** A few accessories (belts) come in lengths rather than one size. */
export const BELT_SIZES = ["75", "85", "95", "105"] as const;

export const SIZES_BY_CATEGORY: Record<CategoryId, readonly string[]> = {
  "t-shirts": APPAREL_SIZES,
  jeans: WAIST_SIZES,
  sweaters: APPAREL_SIZES,
  dresses: APPAREL_SIZES,
  jackets: APPAREL_SIZES,
  shoes: SHOE_SIZES,
  accessories: [ONE_SIZE, ...BELT_SIZES],
};

const ALL_SIZES_ORDERED: string[] = Array.from(
  new Set([...APPAREL_SIZES, ...WAIST_SIZES, ...SHOE_SIZES, ...BELT_SIZES, ONE_SIZE]),
);

/** Sort sizes into their natural order (XS before S, 28 before 30); unknown sizes last. */
export function compareSizes(a: string, b: string): number {
  const ia = ALL_SIZES_ORDERED.indexOf(a);
  const ib = ALL_SIZES_ORDERED.indexOf(b);
  if (ia === -1 && ib === -1) return a.localeCompare(b);
  if (ia === -1) return 1;
  if (ib === -1) return -1;
  return ia - ib;
}
