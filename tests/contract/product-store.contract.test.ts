import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ProductChangedError, ProductSlugTakenError, type Store } from "~/server/store/port";
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

  it("saves one product with a new seq, keeping its creation date, and returns it as stored", async () => {
    const input = makeProduct();
    const created = await store.products.save(input);
    expect(created).toMatchObject({ id: input.id, name: input.name, createdAt: input.createdAt });
    const edited = await store.products.save({ ...input, name: "Edited", createdAt: "2030-01-01T00:00:00.000Z" });
    expect(edited.name).toBe("Edited");
    expect(edited.createdAt).toBe(input.createdAt);
    expect(edited.seq).toBeGreaterThan(created.seq);
    expect(await store.products.get(input.id)).toEqual(edited);
    expect((await store.products.changedSince(created.seq, 10)).map((p) => p.id)).toEqual([input.id]);
  });

  it("rejects a save whose slug another product has, and changes nothing", async () => {
    const a = makeProduct();
    const b = makeProduct();
    await store.products.upsertMany([a, b]);
    await expect(store.products.save({ ...b, slug: a.slug, name: "Stolen" })).rejects.toBeInstanceOf(ProductSlugTakenError);
    expect(await store.products.get(b.id)).toMatchObject({ slug: b.slug, name: b.name });
    expect((await store.products.getBySlug(a.slug))?.id).toBe(a.id);
  });

  it("frees the old slug when a product's slug changes", async () => {
    const a = makeProduct();
    await store.products.save(a);
    await store.products.save({ ...a, slug: "renamed-slug" });
    expect(await store.products.getBySlug(a.slug)).toBeNull();
    const b = makeProduct({ slug: a.slug });
    await expect(store.products.save(b)).resolves.toMatchObject({ slug: a.slug });
  });

  it("refuses a save when the product changed since the expected seq", async () => {
    const a = await store.products.save(makeProduct());
    const changed = await store.products.save({ ...a, name: "Changed elsewhere" });
    await expect(store.products.save({ ...a, name: "Stale edit" }, { expectedSeq: a.seq })).rejects.toBeInstanceOf(ProductChangedError);
    expect((await store.products.get(a.id))?.name).toBe("Changed elsewhere");
    await expect(store.products.save({ ...a, name: "Fresh edit" }, { expectedSeq: changed.seq })).resolves.toMatchObject({ name: "Fresh edit" });
  });

  it("deletes a product, frees its slug and leaves a tombstone after every earlier change", async () => {
    const a = await store.products.save(makeProduct());
    const b = await store.products.save(makeProduct());
    expect(await store.products.delete(a.id)).toBe(true);
    expect(await store.products.delete(a.id)).toBe(false);
    expect(await store.products.get(a.id)).toBeNull();
    expect(await store.products.getBySlug(a.slug)).toBeNull();
    expect(await store.products.count()).toBe(1);
    const tombstones = await store.products.deletedSince(0, 10);
    expect(tombstones.map((t) => t.id)).toEqual([a.id]);
    expect(tombstones[0].seq).toBeGreaterThan(b.seq);
    expect(await store.products.deletedSince(tombstones[0].seq, 10)).toEqual([]);
    // A product written after the delete gets a newer number than the tombstone, so followers see it.
    const c = await store.products.save(makeProduct());
    expect(c.seq).toBeGreaterThan(tombstones[0].seq);
  });
});
