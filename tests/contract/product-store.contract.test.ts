import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ProductChangedError, ProductSlugTakenError, type ChangeBatch, type Store } from "~/server/store/port";
import { makeProduct } from "../support/product-factory";
import { STORE_ADAPTERS } from "./adapters";

describe.each(STORE_ADAPTERS)("ProductStore contract: $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let reopen: () => Promise<Store>;

  beforeEach(async () => {
    ({ store, dispose, reopen } = await adapter.create());
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

  it("keeps each image's colour tag, and an untagged image untagged, through save, get, feed and a second client", async () => {
    const input = makeProduct();
    const [first] = input.colours;
    const images = [
      { url: "/media/v1/t-shirts/front/111111.svg", alt: "Front, every colour", width: 800, height: 1000 },
      {
        url: "/media/v1/t-shirts/back/222222.svg",
        alt: `Back in ${first.name}`,
        width: 800,
        height: 1000,
        colour: first.name,
      },
    ];
    const saved = await store.products.save({ ...input, images });
    expect(saved.images).toEqual(images);
    expect((await store.products.get(input.id))!.images).toEqual(images);
    expect((await (await reopen()).products.get(input.id))!.images).toEqual(images);
    expect(Object.keys((await store.products.get(input.id))!.images[0])).not.toContain("colour");
    const fed = (await store.products.changes(null, 10)).changes.find(
      (c) => c.kind === "product" && c.product.id === input.id,
    );
    expect(fed?.kind === "product" ? fed.product.images : null).toEqual(images);
    // Untagged again: no tag is left behind by the earlier write.
    const untagged = [{ url: images[1].url, alt: images[1].alt, width: 800, height: 1000 }];
    await store.products.save({ ...input, images: untagged });
    expect((await store.products.get(input.id))!.images).toEqual(untagged);
    expect(Object.keys((await store.products.get(input.id))!.images[0])).not.toContain("colour");
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

  it("feeds every change once, in pages, then later writes after earlier ones", async () => {
    const products = Array.from({ length: 5 }, () => makeProduct());
    await store.products.upsertMany(products);
    const firstPage = await store.products.changes(null, 3);
    expect(firstPage.changes).toHaveLength(3);
    expect(firstPage.more).toBe(true);
    const rest = await store.products.changes(firstPage.cursor, 10);
    expect(rest.more).toBe(false);
    const ids = (batch: ChangeBatch) => batch.changes.map((c) => (c.kind === "product" ? c.product.id : c.id));
    expect([...ids(firstPage), ...ids(rest)].sort()).toEqual(products.map((p) => p.id).sort());
    const idle = await store.products.changes(rest.cursor, 10);
    expect(idle.changes).toEqual([]);
    expect(idle.cursor).toBe(rest.cursor);
    // Written later, fed later: an edit, then a new product, in that order.
    await store.products.save({ ...products[0], name: "Edited first" });
    const added = makeProduct();
    await store.products.save(added);
    const next = await store.products.changes(rest.cursor, 10);
    expect(ids(next)).toEqual([products[0].id, added.id]);
    expect(next.changes[0]).toMatchObject({ kind: "product", product: { name: "Edited first" } });
  });

  it("reads each active product once for the feed, a page at a time, with the feed's fields only, a rewrite meanwhile included", async () => {
    const active = ["fp-c", "fp-a", "fp-e", "fp-b"].map((id) => makeProduct({ id, priceMinor: 1234 }));
    await store.products.upsertMany([
      ...active,
      makeProduct({ id: "fp-d", status: "draft" }),
      makeProduct({ id: "fp-f", status: "archived" }),
    ]);
    const first = await store.products.feedPage(null, 3);
    expect(first.products).toHaveLength(3);
    expect(first.next).not.toBeNull();
    // Every product read so far is written again before the next page: none of them comes again.
    await store.products.upsertMany(active.map((p) => ({ ...p, name: `${p.name} (edited)` })));
    const rest = await store.products.feedPage(first.next, 3);
    expect(rest.next).toBeNull();
    const read = [...first.products, ...rest.products];
    expect(read.map((p) => p.id).sort()).toEqual(["fp-a", "fp-b", "fp-c", "fp-e"]);
    const written = active.find((p) => p.id === "fp-a")!;
    expect(read.find((p) => p.id === "fp-a")).toEqual({
      id: "fp-a",
      name: first.products.some((p) => p.id === "fp-a") ? written.name : `${written.name} (edited)`,
      description: written.description,
      category: written.category,
      material: written.material,
      priceMinor: 1234,
      compareAtMinor: written.compareAtMinor,
      colours: written.colours,
      variants: written.variants,
      images: written.images,
    });
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
    expect((await store.products.changes(null, 10)).changes).toEqual([{ kind: "product", product: edited }]);
  });

  it("rejects a save whose slug another product has, and changes nothing", async () => {
    const a = makeProduct();
    const b = makeProduct();
    await store.products.upsertMany([a, b]);
    await expect(store.products.save({ ...b, slug: a.slug, name: "Stolen" })).rejects.toBeInstanceOf(
      ProductSlugTakenError,
    );
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
    await expect(store.products.save({ ...a, name: "Stale edit" }, { expectedSeq: a.seq })).rejects.toBeInstanceOf(
      ProductChangedError,
    );
    expect((await store.products.get(a.id))?.name).toBe("Changed elsewhere");
    await expect(
      store.products.save({ ...a, name: "Fresh edit" }, { expectedSeq: changed.seq }),
    ).resolves.toMatchObject({ name: "Fresh edit" });
  });

  it("deletes a product, frees its slug and leaves a tombstone after every earlier change", async () => {
    const a = await store.products.save(makeProduct());
    const b = await store.products.save(makeProduct());
    expect(await store.products.delete(a.id)).toBe(true);
    expect(await store.products.delete(a.id)).toBe(false);
    expect(await store.products.get(a.id)).toBeNull();
    expect(await store.products.getBySlug(a.slug)).toBeNull();
    expect(await store.products.count()).toBe(1);
    const feed = await store.products.changes(null, 10);
    expect(feed.changes).toEqual([
      { kind: "product", product: b },
      { kind: "deleted", id: a.id },
    ]);
    expect((await store.products.changes(feed.cursor, 10)).changes).toEqual([]);
    // Written again after the delete: fed after the tombstone, with a newer version than before.
    const again = await store.products.save({ ...a, name: "Back again" });
    expect(again.seq).toBeGreaterThan(a.seq);
    expect((await store.products.changes(feed.cursor, 10)).changes).toEqual([{ kind: "product", product: again }]);
  });
});
