import { LOW_STOCK_THRESHOLD } from "~/domain/sellable";
import type { ChangeCursor, Store } from "~/server/store/port";
import type { Product } from "~/domain/product";

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

/** One product's part of the report. Only products on sale matter: a draft's stock is nobody's emergency. */
export interface ProductStockSummary {
  low: LowStockVariant[];
  soldOut: number;
}

export function summariseStock(p: Product): ProductStockSummary {
  const summary: ProductStockSummary = { low: [], soldOut: 0 };
  if (p.status !== "active") return summary;
  for (const v of p.variants) {
    if (v.stock <= 0) summary.soldOut += 1;
    else if (v.stock <= LOW_STOCK_THRESHOLD)
      summary.low.push({ productId: p.id, name: p.name, sku: v.sku, size: v.size, colour: v.colour, stock: v.stock });
  }
  return summary;
}

export function combineStock(summaries: Iterable<ProductStockSummary>, limit = 10): LowStockReport {
  const low: LowStockVariant[] = [];
  let soldOut = 0;
  for (const s of summaries) {
    low.push(...s.low);
    soldOut += s.soldOut;
  }
  low.sort((a, b) => a.stock - b.stock || a.name.localeCompare(b.name) || a.sku.localeCompare(b.sku));
  return { low: low.slice(0, limit), lowTotal: low.length, soldOut };
}

export function lowStock(products: readonly Product[], limit = 10): LowStockReport {
  return combineStock(products.map(summariseStock), limit);
}

const BATCH = 5000;

/**
 * Low stock kept up to date the way the storefront's search index is (the same change feed of
 * products written and deleted, by change number): the first report reads every product once,
 * later ones only what changed. A 100,000-product catalogue costs one scan per process, not one
 * per dashboard.
 */
export function createStockWatch(store: Store) {
  const byProduct = new Map<string, ProductStockSummary>();
  let cursor: ChangeCursor | null = null;
  let pulling: Promise<void> | null = null;
  /** The last report, until the catalogue changes (combining a large catalogue is the costly part). */
  let cached: { limit: number; report: LowStockReport } | null = null;

  async function pull() {
    for (;;) {
      const batch = await store.products.changes(cursor, BATCH);
      if (batch.changes.length) cached = null;
      for (const change of batch.changes) {
        if (change.kind === "product") byProduct.set(change.product.id, summariseStock(change.product));
        else byProduct.delete(change.id);
      }
      cursor = batch.cursor;
      if (!batch.more) return;
    }
  }

  return {
    async report(limit = 10): Promise<LowStockReport> {
      // Concurrent dashboards share one catch-up.
      pulling ??= pull().finally(() => {
        pulling = null;
      });
      await pulling;
      if (!cached || cached.limit !== limit) cached = { limit, report: combineStock(byProduct.values(), limit) };
      return cached.report;
    },
  };
}
