import type { OrderLine, StockShortfall } from "./commerce";
import type { Product } from "./product";
import { isGiftCardVariant } from "./gift-card-product";

// Stock arithmetic done inside each adapter's transaction: both backends take and release stock
// with this one function, so they cannot disagree about what "sold out" means.

const shortfallOf = (
  line: Pick<OrderLine, "productId" | "name" | "size" | "colour">,
  requested: number,
  available: number,
): StockShortfall => ({
  productId: line.productId,
  name: line.name,
  size: line.size,
  colour: line.colour,
  requested,
  available,
});

export interface StockChange {
  /** Products whose variants changed, with the new variant list (everything else untouched). */
  updated: Product[];
  shortfalls: StockShortfall[];
}

/**
 * Take (direction -1) or release (+1) the quantities of `lines` from `products`.
 * Taking is all or nothing: any line short of stock (or whose product is gone or not on sale) is a
 * shortfall, and then nothing is updated. Releasing never fails; a variant that no longer exists is skipped.
 */
export function changeStock(
  products: ReadonlyMap<string, Product | null>,
  lines: readonly Pick<OrderLine, "productId" | "name" | "size" | "colour" | "quantity">[],
  direction: -1 | 1,
): StockChange {
  const wanted = new Map<string, { line: (typeof lines)[number]; quantity: number }>();
  for (const line of lines) {
    const key = `${line.productId}\u0000${line.size}\u0000${line.colour}`;
    const entry = wanted.get(key);
    if (entry) entry.quantity += line.quantity;
    else wanted.set(key, { line, quantity: line.quantity });
  }
  const copies = new Map<string, Product>();
  const shortfalls: StockShortfall[] = [];
  for (const { line, quantity } of wanted.values()) {
    const product = products.get(line.productId) ?? null;
    const copy = product
      ? (copies.get(product.id) ?? { ...product, variants: product.variants.map((v) => ({ ...v })) })
      : null;
    const variant = copy?.variants.find((v) => v.size === line.size && v.colour === line.colour);
    // A gift card amount is never stocked: selling one takes nothing (its product is not written).
    if (variant && isGiftCardVariant(variant)) {
      if (direction === -1 && copy?.status !== "active") shortfalls.push(shortfallOf(line, quantity, 0));
      continue;
    }
    if (direction === -1) {
      const available = copy && variant && copy.status === "active" ? variant.stock : 0;
      if (!variant || available < quantity) {
        shortfalls.push(shortfallOf(line, quantity, available));
        continue;
      }
    }
    if (!copy || !variant) continue;
    variant.stock += direction * quantity;
    copies.set(copy.id, copy);
  }
  if (shortfalls.length > 0) return { updated: [], shortfalls };
  return { updated: [...copies.values()], shortfalls };
}
