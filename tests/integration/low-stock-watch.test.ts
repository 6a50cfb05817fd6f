import { describe, expect, it } from "vitest";
import { createStockWatch, lowStock } from "~/server/services/analytics/low-stock.server";
import type { ProductInput } from "~/domain/product";
import { STORE_ADAPTERS, useFreshStore } from "../contract/adapters";
import { makeProduct } from "../support/product-factory";

// The dashboard's low-stock list: pure rules, and the watch that follows the catalogue's
// change feed (writes and deletions) on both backends.

function withStocks(id: string, stocks: number[], overrides: Partial<ProductInput> = {}): ProductInput {
  const product = makeProduct({ id, name: `Product ${id}`, ...overrides });
  return { ...product, variants: product.variants.map((v, i) => ({ ...v, stock: stocks[i % stocks.length] })) };
}

describe("low stock rules", () => {
  it("lists options with 1 to 3 left, fewest first, counts sold-out ones, and ignores products not on sale", () => {
    const a = withStocks("a", [0, 2, 9, 3]);
    const b = withStocks("b", [1, 10]);
    const draft = withStocks("c", [1, 0], { status: "draft" });
    const products = [a, b, draft].map((p) => ({ ...p, seq: 1, createdAt: "", updatedAt: "" }));
    const expectedLow = [...a.variants, ...b.variants].filter((v) => v.stock >= 1 && v.stock <= 3).length;
    const report = lowStock(products, 100);
    expect(report.lowTotal).toBe(expectedLow);
    expect(report.low).toHaveLength(expectedLow);
    expect(report.low.map((v) => v.stock)).toEqual([...report.low.map((v) => v.stock)].sort((x, y) => x - y));
    expect(report.low[0]).toMatchObject({ productId: "b", stock: 1 });
    expect(report.low.some((v) => v.productId === "c")).toBe(false);
    expect(lowStock(products, 2).low).toHaveLength(2);
    expect(report.soldOut).toBe(a.variants.filter((v) => v.stock === 0).length);
  });
});

describe.each(STORE_ADAPTERS)("low-stock watch: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("follows stock changes and deletions after its first scan", async () => {
    await db.store.products.upsertMany([withStocks("w1", [2]), withStocks("w2", [20])]);
    const watch = createStockWatch(db.store);
    const first = await watch.report();
    expect(new Set(first.low.map((v) => v.productId))).toEqual(new Set(["w1"]));

    await db.store.products.upsertMany([withStocks("w2", [1]), withStocks("w1", [0])]);
    const second = await watch.report();
    expect(new Set(second.low.map((v) => v.productId))).toEqual(new Set(["w2"]));
    expect(second.soldOut).toBe((await db.store.products.get("w1"))!.variants.length);

    await db.store.products.delete("w2");
    const third = await watch.report();
    expect(third.low).toEqual([]);
    expect(third.lowTotal).toBe(0);
  });
});
