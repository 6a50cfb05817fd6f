import { LOW_STOCK_THRESHOLD } from "~/lib/stock";
import type { Product } from "~/server/store/types";

export interface LowStockVariant {
  productId: string;
  name: string;
  sku: string;
  size: string;
  colour: string;
  stock: number;
}

export interface LowStockReport {
  /** Variants with 1 to LOW_STOCK_THRESHOLD left, fewest first (at most `limit`). */
  low: LowStockVariant[];
  lowTotal: number;
  /** Variants of products on sale with none left. */
  soldOut: number;
}

/** Only products on sale matter: a draft or archived product's stock is nobody's emergency. */
export function lowStock(products: readonly Product[], limit = 10): LowStockReport {
  const low: LowStockVariant[] = [];
  let soldOut = 0;
  for (const p of products) {
    if (p.status !== "active") continue;
    for (const v of p.variants) {
      if (v.stock <= 0) soldOut += 1;
      else if (v.stock <= LOW_STOCK_THRESHOLD) low.push({ productId: p.id, name: p.name, sku: v.sku, size: v.size, colour: v.colour, stock: v.stock });
    }
  }
  low.sort((a, b) => a.stock - b.stock || a.name.localeCompare(b.name) || a.sku.localeCompare(b.sku));
  return { low: low.slice(0, limit), lowTotal: low.length, soldOut };
}
