import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "~/server/store/port";
import { makeProduct } from "../support/product-factory";
import { STORE_ADAPTERS } from "./adapters";

// A product's own prices in markets (decision 0030): kept with the product on both adapters, read
// back by every way the catalogue is read, kept by a write that leaves them out (imports,
// archiving) and cleared only by an explicit empty set.
describe.each(STORE_ADAPTERS)("ProductStore own prices in markets: $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let reopen: () => Promise<Store>;

  beforeEach(async () => {
    ({ store, dispose, reopen } = await adapter.create());
  });
  afterEach(async () => {
    await dispose();
  });

  const prices = { uk: { priceMinor: 4299 }, japan: { priceMinor: 7400 } };

  it("keeps own prices through save, get, the change feed, the product feed and a second client", async () => {
    const input = makeProduct({ id: "own-1", marketPrices: prices });
    const saved = await store.products.save(input);
    expect(saved.marketPrices).toEqual(prices);
    expect((await store.products.get("own-1"))!.marketPrices).toEqual(prices);
    expect((await store.products.getBySlug(input.slug))!.marketPrices).toEqual(prices);
    expect((await (await reopen()).products.get("own-1"))!.marketPrices).toEqual(prices);
    const fed = (await store.products.changes(null, 10)).changes.find((c) => c.kind === "product");
    expect(fed?.kind === "product" ? fed.product.marketPrices : null).toEqual(prices);
    const page = await store.products.feedPage(null, 10);
    expect(page.products.find((p) => p.id === "own-1")?.marketPrices).toEqual(prices);
  });

  it("leaves the field out of a product without own prices, as before markets", async () => {
    await store.products.upsertMany([makeProduct({ id: "plain" })]);
    expect(Object.keys((await store.products.get("plain"))!)).not.toContain("marketPrices");
    const page = await store.products.feedPage(null, 10);
    expect(Object.keys(page.products[0])).not.toContain("marketPrices");
  });

  it("keeps the stored own prices when a write leaves them out, replaces them when given, clears them with {}", async () => {
    const input = makeProduct({ id: "own-2", marketPrices: prices });
    await store.products.upsertMany([input]);
    const { marketPrices: _left, ...withoutPrices } = input;
    await store.products.upsertMany([{ ...withoutPrices, name: "Renamed by an import" }]);
    expect(await store.products.get("own-2")).toMatchObject({ name: "Renamed by an import", marketPrices: prices });
    await store.products.save({ ...withoutPrices, name: "Archived", status: "archived" });
    expect((await store.products.get("own-2"))!.marketPrices).toEqual(prices);

    await store.products.save({ ...input, marketPrices: { uk: { priceMinor: 3999 } } });
    expect((await store.products.get("own-2"))!.marketPrices).toEqual({ uk: { priceMinor: 3999 } });

    const cleared = await store.products.save({ ...input, marketPrices: {} });
    expect(Object.keys(cleared)).not.toContain("marketPrices");
    expect(Object.keys((await (await reopen()).products.get("own-2"))!)).not.toContain("marketPrices");
  });
});
