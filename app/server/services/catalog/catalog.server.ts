import { CATEGORIES, type CategoryId } from "~/lib/categories";
import type { ProductQuery } from "~/lib/product-query";
import type { Store } from "~/server/store/port";
import type { Product } from "~/server/store/types";
import { CatalogIndex, type ListingResult, type ProductSummary } from "./catalog-index.server";

export type { ListingResult, ProductSummary } from "./catalog-index.server";

const SYNC_BATCH = 5000;

export interface CatalogServiceOptions {
  /**
   * How long the index may trust itself before asking the store what changed. 0 (embedded):
   * ask on every read, which is one indexed query. A networked store sets a few seconds.
   */
  syncIntervalMs?: number;
}

export interface CategorySummary {
  id: CategoryId;
  name: string;
  description: string;
  icon: string;
  productCount: number;
}

export type CatalogService = ReturnType<typeof createCatalogService>;

export function createCatalogService(store: Store, options: CatalogServiceOptions = {}) {
  const index = new CatalogIndex();
  const interval = options.syncIntervalMs ?? 0;
  let lastSync = -Infinity;
  let syncing: Promise<void> | null = null;

  async function pull(): Promise<void> {
    let changes = 0;
    for (;;) {
      const batch = await store.products.changes(index.cursor, SYNC_BATCH);
      index.applyChanges(batch.changes, batch.cursor);
      changes += batch.changes.length;
      if (!batch.more) break;
    }
    if (changes > 0) index.warm();
    lastSync = Date.now();
  }

  /** Bring the index up to date with the store; concurrent callers share one pull. */
  async function sync(): Promise<CatalogIndex> {
    if (Date.now() - lastSync >= interval) {
      syncing ??= pull().finally(() => {
        syncing = null;
      });
      await syncing;
    }
    return index;
  }

  return {
    sync,

    /** Ask the store on the next read, whatever the interval (this process just changed the catalogue). */
    invalidate() {
      lastSync = -Infinity;
    },

    async listProducts(query: ProductQuery): Promise<ListingResult> {
      return (await sync()).query(query);
    },

    /** A product a shopper may see: active ones only (drafts and archived products are 404). */
    async getProduct(id: string): Promise<Product | null> {
      const product = await store.products.get(id);
      return product && product.status === "active" ? product : null;
    },

    async related(product: Product, limit = 4): Promise<ProductSummary[]> {
      const idx = await sync();
      return idx.list("featured", (s) => s.category === product.category && s.id !== product.id && !s.soldOut, limit);
    },

    async featured(limit = 8): Promise<ProductSummary[]> {
      const idx = await sync();
      const featured = idx.list("featured", (s) => !s.soldOut, limit);
      return featured;
    },

    async newArrivals(limit = 8): Promise<ProductSummary[]> {
      return (await sync()).list("newest", (s) => !s.soldOut, limit);
    },

    async categories(): Promise<CategorySummary[]> {
      const counts = (await sync()).categoryCounts();
      return CATEGORIES.map((c) => ({
        id: c.id,
        name: c.name,
        description: c.description,
        icon: c.icon,
        productCount: counts.get(c.id) ?? 0,
      }));
    },

    async sitemapProducts(): Promise<Array<{ id: string }>> {
      const idx = await sync();
      return idx.allSummaries().map((s) => ({ id: s.id }));
    },
  };
}
