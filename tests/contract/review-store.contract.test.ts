import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "~/server/store/port";
import { reviewIdFor } from "~/server/store/review-id";
import type { Review } from "~/domain/review";
import { lineFor, makeOrder } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";
import { STORE_ADAPTERS } from "./adapters";

const draft = (overrides: Partial<Omit<Review, "id">> = {}): Omit<Review, "id"> => ({
  productId: "p1",
  userId: "u1",
  authorName: "Ada",
  stars: 4,
  title: "Fits well",
  text: "Soft fabric and the size is right.",
  status: "pending",
  helpfulCount: 0,
  createdAt: "2026-11-01T10:00:00.000Z",
  moderatedAt: null,
  moderatedBy: null,
  ...overrides,
});

const by = { at: "2026-11-02T10:00:00.000Z", by: "admin@example.com" };

describe.each(STORE_ADAPTERS)("ReviewStore contract: $name", (adapter) => {
  let store: Store;
  let reopen: () => Promise<Store>;
  let dispose: () => Promise<void>;

  beforeEach(async () => {
    ({ store, reopen, dispose } = await adapter.create());
  });
  afterEach(async () => {
    await dispose();
  });

  it("keeps one review per buyer and product", async () => {
    const first = await store.reviews.create(draft());
    expect(first).toEqual({ id: reviewIdFor("p1", "u1"), ...draft() });
    expect(await store.reviews.create(draft({ stars: 1, title: "Again" }))).toBeNull();
    expect(await store.reviews.get(first!.id)).toEqual(first);
    // Another buyer, or another product, is another review.
    expect(await store.reviews.create(draft({ userId: "u2" }))).not.toBeNull();
    expect(await store.reviews.create(draft({ productId: "p2" }))).not.toBeNull();
    expect((await store.reviews.listByStatus("pending", { limit: 10, offset: 0 })).total).toBe(3);
  });

  it("of concurrent creates by one buyer on two instances exactly one stores", async () => {
    const other = await reopen();
    const results = await Promise.all([
      store.reviews.create(draft({ title: "One" })),
      other.reviews.create(draft({ title: "Two" })),
      store.reviews.create(draft({ title: "Three" })),
    ]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect((await store.reviews.listByStatus("pending", { limit: 10, offset: 0 })).reviews).toHaveLength(1);
  });

  it("shows only approved reviews, keeps the product's summary, and lists newest or most helpful first", async () => {
    const a = (await store.reviews.create(draft({ userId: "a", stars: 5, createdAt: "2026-11-01T10:00:00.000Z" })))!;
    const b = (await store.reviews.create(draft({ userId: "b", stars: 2, createdAt: "2026-11-02T10:00:00.000Z" })))!;
    const c = (await store.reviews.create(draft({ userId: "c", stars: 3, createdAt: "2026-11-03T10:00:00.000Z" })))!;
    expect(await store.reviews.listApproved("p1", { sort: "newest", limit: 10, offset: 0 })).toEqual({
      reviews: [],
      total: 0,
    });
    expect(await store.reviews.summary("p1")).toEqual({ count: 0, total: 0, version: 0 });

    const approvedA = await store.reviews.moderate(a.id, { to: "approved", ...by });
    expect(approvedA).toMatchObject({
      kind: "ok",
      before: { status: "pending" },
      review: { status: "approved", moderatedBy: "admin@example.com" },
      summary: { count: 1, total: 5, version: 1 },
    });
    expect(await store.reviews.moderate(a.id, { to: "approved", ...by })).toMatchObject({ kind: "unchanged" });
    await store.reviews.moderate(b.id, { to: "approved", ...by });
    expect(await store.reviews.moderate(c.id, { to: "rejected", ...by })).toMatchObject({
      kind: "ok",
      summary: { count: 2, total: 7, version: 3 },
    });
    expect(await store.reviews.moderate("missing", { to: "approved", ...by })).toEqual({ kind: "not-found" });

    const newest = await store.reviews.listApproved("p1", { sort: "newest", limit: 10, offset: 0 });
    expect(newest.total).toBe(2);
    expect(newest.reviews.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(
      (await store.reviews.listApproved("p1", { sort: "newest", limit: 1, offset: 1 })).reviews.map((r) => r.id),
    ).toEqual([a.id]);

    expect(await store.reviews.voteHelpful(a.id, "voter-1", by.at)).toBe("counted");
    const helpful = await store.reviews.listApproved("p1", { sort: "helpful", limit: 10, offset: 0 });
    expect(helpful.reviews.map((r) => [r.id, r.helpfulCount])).toEqual([
      [a.id, 1],
      [b.id, 0],
    ]);

    // Withdrawing an approval takes the review out of the numbers.
    expect(await store.reviews.moderate(b.id, { to: "rejected", ...by })).toMatchObject({
      kind: "ok",
      summary: { count: 1, total: 5, version: 4 },
    });
    expect(await store.reviews.summary("p1")).toEqual({ count: 1, total: 5, version: 4 });
    expect((await store.reviews.listByStatus("rejected", { limit: 10, offset: 0 })).reviews.map((r) => r.id)).toEqual([
      c.id,
      b.id,
    ]);
    expect(await store.reviews.summary("p2")).toEqual({ count: 0, total: 0, version: 0 });
  });

  it("counts one helpful vote per shopper and review, also when two instances vote at once", async () => {
    const other = await reopen();
    const r = (await store.reviews.create(draft()))!;
    const results = await Promise.all([
      store.reviews.voteHelpful(r.id, "voter-1", by.at),
      other.reviews.voteHelpful(r.id, "voter-1", by.at),
    ]);
    expect(results.sort()).toEqual(["already", "counted"]);
    expect(await store.reviews.voteHelpful(r.id, "voter-2", by.at)).toBe("counted");
    expect(await store.reviews.voteHelpful("missing", "voter-1", by.at)).toBe("not-found");
    expect((await store.reviews.get(r.id))!.helpfulCount).toBe(2);
    expect(await store.reviews.votedBy("voter-1", [r.id, "missing"])).toEqual([r.id]);
    expect(await store.reviews.votedBy("voter-3", [r.id])).toEqual([]);
  });

  it("copies a summary onto the product through the change feed, never an older one, and product writes keep it", async () => {
    const product = await store.products.save(makeProduct({ id: "rated" }));
    const start = await store.products.changes(null, 100);
    expect(await store.products.setRating("rated", { count: 2, total: 9, version: 2 })).toBe(true);
    expect(await store.products.setRating("rated", { count: 1, total: 5, version: 1 })).toBe(false);
    expect(await store.products.setRating("missing", { count: 1, total: 5, version: 1 })).toBe(false);
    const rated = (await store.products.get("rated"))!;
    expect(rated.rating).toEqual({ count: 2, total: 9, version: 2 });
    expect(rated.seq).toBeGreaterThan(product.seq);
    const feed = await store.products.changes(start.cursor, 100);
    expect(feed.changes).toEqual([{ kind: "product", product: rated }]);
    // An edit in the back office (which knows nothing of ratings) keeps it.
    await store.products.save({ ...makeProduct({ id: "rated", name: "Renamed" }) });
    expect((await store.products.get("rated"))!.rating).toEqual({ count: 2, total: 9, version: 2 });
    await store.products.upsertMany([makeProduct({ id: "rated", name: "Imported" })]);
    expect((await store.products.get("rated"))!).toMatchObject({
      name: "Imported",
      rating: { count: 2, total: 9, version: 2 },
    });
  });

  it("finds whether a shopper has a delivered order of a product (who may review it)", async () => {
    const shirt = makeProduct({ id: "shirt" });
    const jeans = makeProduct({ id: "jeans" });
    await store.orders.insertMany([
      makeOrder([lineFor(shirt, "M", "Black"), lineFor(jeans, "S", "Sage")], { status: "delivered", userId: "u1" }),
      makeOrder([lineFor(jeans, "M", "Black")], { status: "shipped", userId: "u2" }),
      makeOrder([lineFor(shirt, "M", "Black")], { status: "delivered", userId: null }),
    ]);
    expect(await store.orders.deliveredWithProduct("u1", "shirt")).toBe(true);
    expect(await store.orders.deliveredWithProduct("u1", "jeans")).toBe(true);
    expect(await store.orders.deliveredWithProduct("u1", "other")).toBe(false);
    // Shipped is not delivered; another shopper's order is not theirs.
    expect(await store.orders.deliveredWithProduct("u2", "jeans")).toBe(false);
    expect(await store.orders.deliveredWithProduct("u2", "shirt")).toBe(false);
  });
});
