import { describe, expect, it } from "vitest";
import { CatalogIndex } from "~/server/services/catalog/catalog-index.server";
import { decodeSnapshot, encodeSnapshot } from "~/server/services/catalog/snapshot-codec.server";
import type { Product } from "~/domain/product";
import { makeProduct } from "../support/product-factory";

// An instance that starts from a snapshot lists products by their own prices in markets exactly as
// the instance that wrote it: the own prices travel in the snapshot, and follow later changes.
const product = (id: string, overrides: Partial<Product> = {}): Product =>
  ({ ...makeProduct({ id, ...overrides }), seq: 1, updatedAt: "2026-11-27T00:00:00.000Z" }) as Product;

describe("own prices in a catalogue snapshot", () => {
  it("come back on the cards after export, encode, decode and import, and go when the product drops them", async () => {
    const built = new CatalogIndex();
    built.applyChanges(
      [
        { kind: "product", product: product("pa", { marketPrices: { uk: { priceMinor: 999 } } }) },
        { kind: "product", product: product("pb") },
      ],
      "c1",
    );
    const data = await decodeSnapshot(await encodeSnapshot(built.export()));
    const loaded = CatalogIndex.import(data!);
    expect(loaded.get("pa")?.marketPrices).toEqual({ uk: { priceMinor: 999 } });
    expect(loaded.get("pb")).not.toHaveProperty("marketPrices");
    loaded.applyChanges([{ kind: "product", product: product("pa") }], "c2");
    expect(loaded.get("pa")).not.toHaveProperty("marketPrices");
    // A product taken off sale takes its own prices with it.
    loaded.applyChanges(
      [{ kind: "product", product: product("pb", { marketPrices: { uk: { priceMinor: 5 } } }) }],
      "c3",
    );
    loaded.applyChanges([{ kind: "deleted", id: "pb" }], "c4");
    expect(loaded.export().ownPrices).toEqual([]);
  });
});
