import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "~/server/store/port";
import { makeProduct } from "../support/product-factory";
import { STORE_ADAPTERS } from "./adapters";

describe.each(STORE_ADAPTERS)("ProductStore contract: $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeEach(async () => {
    ({ store, dispose } = await adapter.create());
  });
  afterEach(async () => {
    await dispose();
  });

  it("starts empty and answers ping", async () => {
    await expect(store.ping()).resolves.toBeUndefined();
    expect(await store.products.count()).toBe(0);
    expect(await store.products.get("nope")).toBeNull();
  });

  it("returns a product exactly as written, by id and by slug", async () => {
    const input = makeProduct({ compareAtMinor: 3500, featured: true, material: "linen" });
    await store.products.upsertMany([input]);
    const byId = await store.products.get(input.id);
    expect(byId).toMatchObject({ ...input, createdAt: input.createdAt });
    expect(byId?.seq).toBeGreaterThan(0);
    expect(await store.products.getBySlug(input.slug)).toEqual(byId);
  });

  it("replaces a product on upsert and gives it a newer seq", async () => {
    const input = makeProduct();
    await store.products.upsertMany([input]);
    const first = await store.products.get(input.id);
    await store.products.upsertMany([{ ...input, name: "Renamed", priceMinor: 1999 }]);
    const second = await store.products.get(input.id);
    expect(second).toMatchObject({ name: "Renamed", priceMinor: 1999 });
    expect(second!.seq).toBeGreaterThan(first!.seq);
    expect(await store.products.count()).toBe(1);
  });

  it("lists changes after a seq in order, in pages", async () => {
    const products = Array.from({ length: 5 }, () => makeProduct());
    await store.products.upsertMany(products);
    const firstPage = await store.products.changedSince(0, 3);
    expect(firstPage.map((p) => p.id)).toEqual(products.slice(0, 3).map((p) => p.id));
    const rest = await store.products.changedSince(firstPage[2].seq, 10);
    expect(rest.map((p) => p.id)).toEqual(products.slice(3).map((p) => p.id));
    expect(await store.products.changedSince(rest[1].seq, 10)).toEqual([]);
  });

  it("writes a batch all or nothing: a duplicate slug rejects the whole batch", async () => {
    const a = makeProduct();
    const b = makeProduct({ slug: a.slug });
    await expect(store.products.upsertMany([a, b])).rejects.toThrow();
    expect(await store.products.count()).toBe(0);
  });
});
