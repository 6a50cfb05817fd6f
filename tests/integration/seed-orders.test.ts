import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatInvoiceNumber } from "~/domain/invoice";
import { buildSeedCatalogue } from "~/server/seed/catalogue.server";
import { seedIfEmpty, seedOrdersIfEmpty } from "~/server/seed/seed.server";
import type { Store } from "~/server/store/port";
import { buildSeedGiftCard } from "~/server/seed/gift-card-product.server";
import { STORE_ADAPTERS } from "../contract/adapters";

const NOW = new Date("2026-11-21T15:30:00.000Z");
const quiet = () => {};

describe.each(STORE_ADAPTERS)("seeding the order history: $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeEach(async () => {
    ({ store, dispose } = await adapter.create());
  });
  afterEach(async () => {
    await dispose();
  });

  it("needs the seed catalogue", async () => {
    expect(await seedOrdersIfEmpty(store, quiet, NOW)).toBe(0);
    expect((await store.orders.list({ limit: 1, offset: 0 })).total).toBe(0);
  });

  it("writes customers and orders once; only the orders awaiting payment hold stock", async () => {
    const catalogue = buildSeedCatalogue();
    await store.products.upsertMany(catalogue);
    const written = await seedOrdersIfEmpty(store, quiet, NOW);
    expect(written).toBeGreaterThan(200);

    const { total } = await store.orders.list({ limit: 1, offset: 0 });
    expect(total).toBe(written);
    const customers = await store.profiles.list({ role: "user", limit: 100, offset: 0 });
    expect(customers.total).toBeGreaterThanOrEqual(30);
    const shipped = await store.orders.list({ status: "shipped", limit: 1, offset: 0 });
    expect(shipped.orders[0].trackingNumber).toBeTruthy();

    // Past orders never moved stock; the two awaiting payment (minutes old) took theirs.
    const pending = await store.orders.list({ status: "pending_payment", limit: 10, offset: 0 });
    expect(pending.total).toBe(2);
    for (const order of pending.orders)
      expect(Date.parse(order.createdAt)).toBeGreaterThan(NOW.getTime() - 10 * 60_000);
    const held = new Map<string, number>();
    for (const line of pending.orders.flatMap((o) => o.lines))
      held.set(
        `${line.productId}/${line.size}/${line.colour}`,
        (held.get(`${line.productId}/${line.size}/${line.colour}`) ?? 0) + line.quantity,
      );
    for (const product of catalogue) {
      const stored = await store.products.get(product.id);
      expect(stored?.variants).toEqual(
        product.variants.map((v) => ({
          ...v,
          stock: v.stock - (held.get(`${product.id}/${v.size}/${v.colour}`) ?? 0),
        })),
      );
    }

    // Every order that was paid has an invoice, numbered in the order of payment; the others none.
    const all = (await store.orders.list({ limit: 1000, offset: 0 })).orders;
    const paidAt = (o: (typeof all)[number]) => o.history.find((e) => e.status === "paid")?.at;
    const invoiced = all.filter((o) => paidAt(o)).sort((a, b) => paidAt(a)!.localeCompare(paidAt(b)!));
    expect(invoiced.length).toBeGreaterThan(150);
    expect(all.filter((o) => !paidAt(o)).every((o) => o.invoiceNumber === undefined)).toBe(true);
    for (const year of new Set(invoiced.map((o) => paidAt(o)!.slice(0, 4)))) {
      const ofYear = invoiced.filter((o) => paidAt(o)!.startsWith(year));
      expect(ofYear.map((o) => o.invoiceNumber)).toEqual(ofYear.map((_, i) => formatInvoiceNumber(year, i + 1)));
    }

    expect(await seedOrdersIfEmpty(store, quiet, NOW)).toBe(0);
    expect((await store.orders.list({ limit: 1, offset: 0 })).total).toBe(written);
  });
});

describe.each(STORE_ADAPTERS)("two instances starting together on an empty store: $name", (adapter) => {
  it("seed the catalogue, the blog and the order history once", async () => {
    const { store, dispose } = await adapter.create();
    try {
      const results = await Promise.all([seedIfEmpty(store, quiet), seedIfEmpty(store, quiet)]);
      // The garments and the gift card.
      const catalogue = [...buildSeedCatalogue(), buildSeedGiftCard()];
      expect(results.sort()).toEqual([0, catalogue.length]);
      expect(await store.products.count()).toBe(catalogue.length);
      expect(await store.posts.count()).toBe(6);
      const { total } = await store.orders.list({ limit: 1, offset: 0 });
      expect(total).toBeGreaterThan(200);
      // A third instance later finds everything there and writes nothing.
      expect(await seedIfEmpty(store, quiet)).toBe(0);
      expect((await store.orders.list({ limit: 1, offset: 0 })).total).toBe(total);
    } finally {
      await dispose();
    }
  });
});
