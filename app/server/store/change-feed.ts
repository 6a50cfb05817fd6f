import type { CatalogueChange, ChangeBatch } from "./port";
import type { Product } from "~/domain/product";

// Both adapters keep written products and deletions (tombstones) apart and read each in commit
// order; this merges the two reads into one batch. Positions are strings that sort in commit
// order (each adapter makes its own), so the merge never needs to know how they are made.

export interface Positioned<T> {
  position: string;
  item: T;
}

export function mergeChanges(
  products: Array<Positioned<Product>>,
  deleted: Array<Positioned<string>>,
  limit: number,
  cursor: string | null,
): ChangeBatch {
  // When a list came back full, changes past its last position may be missing from it: stop there.
  let until: string | null = null;
  const cut = (list: Array<Positioned<unknown>>) => {
    if (list.length < limit) return;
    const last = list[list.length - 1].position;
    if (until === null || last < until) until = last;
  };
  cut(products);
  cut(deleted);
  const within = (p: Positioned<unknown>) => until === null || p.position <= until;
  const entries: Array<{ position: string; change: CatalogueChange }> = [
    ...products
      .filter(within)
      .map((p) => ({ position: p.position, change: { kind: "product" as const, product: p.item } })),
    ...deleted.filter(within).map((d) => ({ position: d.position, change: { kind: "deleted" as const, id: d.item } })),
  ].sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
  return {
    changes: entries.map((e) => e.change),
    cursor: entries.length ? entries[entries.length - 1].position : cursor,
    more: until !== null,
  };
}
