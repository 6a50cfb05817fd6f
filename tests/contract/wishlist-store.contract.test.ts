import { describe, expect, it } from "vitest";
import { createWishlistService } from "~/server/services/wishlist/wishlist.server";
import { baseMarket } from "~/domain/market";
import { makeProduct } from "../support/product-factory";
import { ukMarket } from "../support/market-factory";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";

const europe = baseMarket(["IE", "FR"], "2026-10-01T00:00:00.000Z");
// Pounds at 0.86, rounded up to .99: €49.95 is £42.99, €39.95 is £34.99.
const uk = ukMarket("2026-10-01T00:00:00.000Z");

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
    const wishlist = createWishlistService({ store: db.store, now: () => new Date("2026-11-01T10:00:00.000Z") });
    const cheap = makeProduct({ id: "w1", priceMinor: 5000 });
    const gone = makeProduct({ id: "w2" });
    const draft = makeProduct({ id: "w3", status: "draft" });
    await db.store.products.upsertMany([cheap, gone, draft]);
    expect(await wishlist.toggle("guest:g1", "w1", undefined, europe)).toMatchObject({ ok: true, saved: true });
    expect(await wishlist.toggle("guest:g1", "w2", undefined, europe)).toMatchObject({ ok: true, saved: true });
    expect(await wishlist.toggle("guest:g1", "w3", undefined, europe)).toMatchObject({ ok: false, status: 404 });
    expect(await wishlist.toggle("guest:g1", "w2", true, europe)).toMatchObject({ ok: true, saved: true });
    await db.store.products.upsertMany([
      { ...cheap, priceMinor: 4000, variants: cheap.variants.map((v) => ({ ...v, stock: 0 })) },
      { ...gone, status: "archived" },
    ]);
    await wishlist.merge("guest:g1", "user:u1");
    const view = await wishlist.view("user:u1", europe);
    expect(
      view.map((e) => [e.productId, e.priceMinor, e.savedPriceMinor, e.priceDrop, e.soldOut, e.unavailable]),
    ).toEqual([
      ["w1", 4000, 5000, true, true, false],
      ["w2", 2500, 2500, false, false, true],
    ]);
    expect(await wishlist.toggle("user:u1", "w1", undefined, europe)).toMatchObject({ ok: true, saved: false });
    expect(await wishlist.savedIds("user:u1")).toEqual(["w2"]);
    expect(await wishlist.savedIds(null)).toEqual([]);
  });

  it("a price drop compares the shopper's market's prices: the price there at saving, not the euro price", async () => {
    const wishlist = createWishlistService({ store: db.store, now: () => new Date("2026-11-01T10:00:00.000Z") });
    const ownPound = makeProduct({ id: "m1", priceMinor: 4995, marketPrices: { uk: { priceMinor: 3999 } } });
    const converted = makeProduct({ id: "m2", priceMinor: 4995 });
    await db.store.products.upsertMany([ownPound, converted]);
    await wishlist.toggle("guest:g1", "m1", true, uk);
    await wishlist.toggle("guest:g1", "m2", true, uk);
    // The euro price of m1 drops, its own pound price does not; m2 gets a lower own pound price, its euro price unchanged.
    await db.store.products.upsertMany([
      { ...ownPound, priceMinor: 3995 },
      { ...converted, marketPrices: { uk: { priceMinor: 3500 } } },
    ]);
    // Kept through sign-in (the merge copies what was saved in the market too).
    await wishlist.merge("guest:g1", "user:u1");
    const inPounds = await wishlist.view("user:u1", uk);
    expect(inPounds.map((e) => [e.productId, e.priceMinor, e.savedPriceMinor, e.priceDrop])).toEqual([
      ["m1", 3999, 3999, false],
      ["m2", 3500, 4299, true],
    ]);
    // In the euro market the euro prices compare: m1's dropped, m2's did not.
    const inEuros = await wishlist.view("user:u1", europe);
    expect(inEuros.map((e) => [e.productId, e.priceMinor, e.savedPriceMinor, e.priceDrop])).toEqual([
      ["m1", 3995, 4995, true],
      ["m2", 4995, 4995, false],
    ]);
  });

  it("an item saved before market prices were kept compares only what its base price honestly tells", async () => {
    const wishlist = createWishlistService({ store: db.store });
    const converted = makeProduct({ id: "o1", priceMinor: 3995 });
    const ownPound = makeProduct({ id: "o2", priceMinor: 3995, marketPrices: { uk: { priceMinor: 3000 } } });
    await db.store.products.upsertMany([converted, ownPound]);
    // Both saved at €49.95, only the base price kept.
    await db.store.wishlists.add("user:u1", item("o1", "2026-11-02T10:00:00.000Z", 4995));
    await db.store.wishlists.add("user:u1", item("o2", "2026-11-01T10:00:00.000Z", 4995));
    const inPounds = await wishlist.view("user:u1", uk);
    // o1's pound price is its euro price converted: saved at £42.99 (€49.95 at today's rate), now £34.99.
    // o2's own pound price at saving is unknown: no drop is claimed.
    expect(inPounds.map((e) => [e.productId, e.priceMinor, e.savedPriceMinor, e.priceDrop])).toEqual([
      ["o1", 3499, 4299, true],
      ["o2", 3000, null, false],
    ]);
    const inEuros = await wishlist.view("user:u1", europe);
    expect(inEuros.map((e) => [e.productId, e.priceMinor, e.savedPriceMinor, e.priceDrop])).toEqual([
      ["o1", 3995, 4995, true],
      ["o2", 3995, 4995, true],
    ]);
  });
});
