import { describe, expect, it } from "vitest";
import { createWishlistService } from "~/server/services/wishlist/wishlist.server";
import { makeProduct } from "../support/product-factory";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";

const item = (productId: string, savedAt: string, savedPriceMinor = 2500) => ({ productId, savedPriceMinor, savedAt });

describe.each(STORE_ADAPTERS)("WishlistStore contract: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("lists an owner's saved items newest first; saving twice keeps the first saving and its price", async () => {
    expect(await db.store.wishlists.list("user:u1")).toEqual([]);
    expect(await db.store.wishlists.add("user:u1", item("p1", "2026-11-01T10:00:00.000Z"))).toBe(true);
    expect(await db.store.wishlists.add("user:u1", item("p2", "2026-11-02T10:00:00.000Z"))).toBe(true);
    expect(await db.store.wishlists.add("user:u1", item("p1", "2026-11-03T10:00:00.000Z", 1000))).toBe(false);
    await db.store.wishlists.add("guest:g1", item("p3", "2026-11-01T10:00:00.000Z"));
    expect(await db.store.wishlists.list("user:u1")).toEqual([
      item("p2", "2026-11-02T10:00:00.000Z"),
      item("p1", "2026-11-01T10:00:00.000Z"),
    ]);
    expect(await db.store.wishlists.remove("user:u1", "p1")).toBe(true);
    expect(await db.store.wishlists.remove("user:u1", "p1")).toBe(false);
    expect((await db.store.wishlists.list("user:u1")).map((i) => i.productId)).toEqual(["p2"]);
  });

  it("merges a guest's list into the account's: both lists' items, the account's kept where both saved one, the guest's gone", async () => {
    await db.store.wishlists.add("user:u1", item("p1", "2026-11-01T10:00:00.000Z", 3000));
    await db.store.wishlists.add("guest:g1", item("p1", "2026-11-05T10:00:00.000Z", 2000));
    await db.store.wishlists.add("guest:g1", item("p2", "2026-11-04T10:00:00.000Z"));
    await db.store.wishlists.merge("guest:g1", "user:u1");
    expect(await db.store.wishlists.list("user:u1")).toEqual([
      item("p2", "2026-11-04T10:00:00.000Z"),
      item("p1", "2026-11-01T10:00:00.000Z", 3000),
    ]);
    expect(await db.store.wishlists.list("guest:g1")).toEqual([]);
    // Merging again (or an empty list) changes nothing.
    await db.store.wishlists.merge("guest:g1", "user:u1");
    expect(await db.store.wishlists.list("user:u1")).toHaveLength(2);
  });

  it("two instances merging the same guest list at once leave one whole list", async () => {
    const other = await db.reopen();
    await db.store.wishlists.add("guest:g1", item("p1", "2026-11-01T10:00:00.000Z"));
    await db.store.wishlists.add("guest:g1", item("p2", "2026-11-02T10:00:00.000Z"));
    await Promise.all([db.store.wishlists.merge("guest:g1", "user:u1"), other.wishlists.merge("guest:g1", "user:u1")]);
    expect((await db.store.wishlists.list("user:u1")).map((i) => i.productId)).toEqual(["p2", "p1"]);
    expect(await other.wishlists.list("guest:g1")).toEqual([]);
  });

  it("through the service: toggles, keeps the price at saving, and shows sold-out, price-drop and withdrawn states", async () => {
    const wishlist = createWishlistService(db.store, { now: () => new Date("2026-11-01T10:00:00.000Z") });
    const cheap = makeProduct({ id: "w1", priceMinor: 5000 });
    const gone = makeProduct({ id: "w2" });
    const draft = makeProduct({ id: "w3", status: "draft" });
    await db.store.products.upsertMany([cheap, gone, draft]);
    expect(await wishlist.toggle("guest:g1", "w1")).toMatchObject({ ok: true, saved: true });
    expect(await wishlist.toggle("guest:g1", "w2")).toMatchObject({ ok: true, saved: true });
    expect(await wishlist.toggle("guest:g1", "w3")).toMatchObject({ ok: false, status: 404 });
    expect(await wishlist.toggle("guest:g1", "w2", true)).toMatchObject({ ok: true, saved: true });
    await db.store.products.upsertMany([
      { ...cheap, priceMinor: 4000, variants: cheap.variants.map((v) => ({ ...v, stock: 0 })) },
      { ...gone, status: "archived" },
    ]);
    await wishlist.merge("guest:g1", "user:u1");
    const view = await wishlist.view("user:u1");
    expect(
      view.map((e) => [e.productId, e.priceMinor, e.savedPriceMinor, e.priceDrop, e.soldOut, e.unavailable]),
    ).toEqual([
      ["w1", 4000, 5000, true, true, false],
      ["w2", 2500, 2500, false, false, true],
    ]);
    expect(await wishlist.toggle("user:u1", "w1")).toMatchObject({ ok: true, saved: false });
    expect(await wishlist.savedIds("user:u1")).toEqual(["w2"]);
    expect(await wishlist.savedIds(null)).toEqual([]);
  });
});
