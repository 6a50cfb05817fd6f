import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildSeedCatalogue } from "~/server/seed/catalogue.server";
import { seedOrdersIfEmpty, seedReviewsIfEmpty } from "~/server/seed/seed.server";
import type { Store } from "~/server/store/port";
import { STORE_ADAPTERS } from "../contract/adapters";

const NOW = new Date("2026-11-21T15:30:00.000Z");
const quiet = () => {};

describe.each(STORE_ADAPTERS)("seeding demo reviews: $name", (adapter) => {
  let store: Store;
  let reopen: () => Promise<Store>;
  let dispose: () => Promise<void>;

  beforeEach(async () => {
    ({ store, reopen, dispose } = await adapter.create());
  });
  afterEach(async () => {
    await dispose();
  });

  it("needs the seeded order history", async () => {
    expect(await seedReviewsIfEmpty(store, quiet)).toBe(0);
  });

  it("approves reviews by seeded customers of products they received, once, with each product's rating", async () => {
    await store.products.upsertMany(buildSeedCatalogue());
    await seedOrdersIfEmpty(store, quiet, NOW);
    const other = await reopen();
    const results = await Promise.all([seedReviewsIfEmpty(store, quiet), seedReviewsIfEmpty(other, quiet)]);
    const written = Math.max(...results);
    expect(results.filter((n) => n > 0)).toHaveLength(1);
    expect(written).toBeGreaterThan(10);

    const approved = await store.reviews.listByStatus("approved", { limit: 100, offset: 0 });
    expect(approved.total).toBe(written);
    for (const review of approved.reviews.slice(0, 8)) {
      expect(await store.orders.deliveredWithProduct(review.userId, review.productId)).toBe(true);
      const summary = await store.reviews.summary(review.productId);
      expect((await store.products.get(review.productId))!.rating).toEqual(summary);
    }
    expect(await seedReviewsIfEmpty(store, quiet)).toBe(0);
    expect((await store.reviews.listByStatus("approved", { limit: 1, offset: 0 })).total).toBe(written);
  });
});
