import type { Product, Variant } from "./product";

// Whether a variant can be sold and how many: the one place the shop decides it (the product page,
// listings, the cart, checkout, saved items and back-in-stock alerts all ask here).

/** The most of one size × colour a cart line may hold. */
export const MAX_QUANTITY_PER_LINE = 10;

/** A variant can be sold while it has stock (stock may be stored below zero: never sellable). */
export function canSell(variant: Pick<Variant, "stock">): boolean {
  return variant.stock > 0;
}

/** True when no variant can be sold. */
export function soldOutEverywhere(variants: readonly Pick<Variant, "stock">[]): boolean {
  return !variants.some(canSell);
}

/** Units of one size × colour a shopper can buy now: 0 for a product not on sale or a variant it lacks. */
export function unitsForSale(
  product: Pick<Product, "status" | "variants"> | null | undefined,
  size: string,
  colour: string,
): number {
  if (!product || product.status !== "active") return 0;
  return Math.max(0, product.variants.find((v) => v.size === size && v.colour === colour)?.stock ?? 0);
}

/** How many of these units one cart line may hold. */
export function lineLimit(units: number): number {
  return Math.min(Math.max(0, units), MAX_QUANTITY_PER_LINE);
}

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
