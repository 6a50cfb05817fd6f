import type { Variant } from "~/server/store/types";

/** At or below this many, a size shows "Only N left". */
export const LOW_STOCK_THRESHOLD = 3;

export type Availability = { state: "in-stock" } | { state: "low"; left: number } | { state: "sold-out" };

export function availabilityOf(stock: number): Availability {
  if (stock <= 0) return { state: "sold-out" };
  if (stock <= LOW_STOCK_THRESHOLD) return { state: "low", left: stock };
  return { state: "in-stock" };
}

export function stockFor(variants: Variant[], size: string, colour?: string): number {
  return variants
    .filter((v) => v.size === size && (colour === undefined || v.colour === colour))
    .reduce((sum, v) => sum + Math.max(0, v.stock), 0);
}

export function availabilityLabel(a: Availability): string {
  switch (a.state) {
    case "sold-out":
      return "Sold out";
    case "low":
      return `Only ${a.left} left`;
    case "in-stock":
      return "In stock";
  }
}
