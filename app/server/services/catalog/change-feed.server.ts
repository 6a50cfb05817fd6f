import type { Store } from "~/server/store/port";
import type { Product } from "~/server/store/types";

// What changed in the catalogue after a change number: written products and deleted ones,
// merged in seq order. Every in-process index (the storefront's, the back office's) follows
// the store with this, so a delete reaches them exactly like an edit does.

export type CatalogueChange = { kind: "product"; seq: number; product: Product } | { kind: "deleted"; seq: number; id: string };

export interface ChangeBatch {
  changes: CatalogueChange[];
  /** The seq to continue from. */
  seq: number;
  /** True when the batch was cut at `limit` and more changes may follow. */
  more: boolean;
}

export async function readChanges(store: Store, afterSeq: number, limit: number): Promise<ChangeBatch> {
  const [products, deleted] = await Promise.all([store.products.changedSince(afterSeq, limit), store.products.deletedSince(afterSeq, limit)]);
  // When a list came back full, changes past its last seq may be missing from it: stop there.
  let until = Infinity;
  if (products.length === limit) until = Math.min(until, products[products.length - 1].seq);
  if (deleted.length === limit) until = Math.min(until, deleted[deleted.length - 1].seq);
  const changes: CatalogueChange[] = [
    ...products.filter((p) => p.seq <= until).map((product) => ({ kind: "product" as const, seq: product.seq, product })),
    ...deleted.filter((d) => d.seq <= until).map((d) => ({ kind: "deleted" as const, seq: d.seq, id: d.id })),
  ].sort((a, b) => a.seq - b.seq);
  const seq = changes.length ? changes[changes.length - 1].seq : afterSeq;
  return { changes, seq, more: until !== Infinity };
}
