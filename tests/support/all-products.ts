import type { Store } from "~/server/store/port";
import type { Product } from "~/domain/product";

/** Every product in the store, read through its change feed (as the indexes read it). */
export async function allProducts(store: Store): Promise<Product[]> {
  const found = new Map<string, Product>();
  let cursor: string | null = null;
  for (;;) {
    const batch = await store.products.changes(cursor, 1000);
    for (const change of batch.changes) {
      if (change.kind === "product") found.set(change.product.id, change.product);
      else found.delete(change.id);
    }
    cursor = batch.cursor;
    if (!batch.more) return [...found.values()];
  }
}
