import { describe, expect, it } from "vitest";
import type { ProductInput } from "~/domain/product";
import type { PromotionUseClaim } from "~/domain/promotion";
import { lineFor, makeOrder } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";
import { makePromotion } from "../support/promotion-factory";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";

// Promotions on every adapter: codes unique ignoring case, and usage counted inside the order's
// placement, so a limited code is never used more often than its limit, whatever the concurrency.

function withStock(stock: number): ProductInput {
  const product = makeProduct();
  return { ...product, variants: product.variants.map((v) => ({ ...v, stock })) };
}

const claim = (
  promotionId: string,
  customerKey: string,
  limits: Partial<PromotionUseClaim> = {},
): PromotionUseClaim => ({
  promotionId,
  customerKey,
  usageLimit: null,
  perCustomerLimit: null,
  ...limits,
});

describe.each(STORE_ADAPTERS)("PromotionStore contract: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("saves, lists and finds a promotion by its code in any case; a second promotion cannot take the code", async () => {
    const { store } = db;
    const promotion = makePromotion({ code: "Winter10" });
    expect(await store.promotions.save(promotion)).toEqual({ ok: true });
    expect(await store.promotions.get(promotion.id)).toEqual(promotion);
    expect(await store.promotions.findByCode("WINTER10")).toEqual(promotion);
    expect(await store.promotions.findByCode(" winter10 ")).toEqual(promotion);
    expect(await store.promotions.findByCode("SUMMER")).toBeNull();
    expect(await store.promotions.save(makePromotion({ code: "WINTER10" }))).toEqual({
      ok: false,
      reason: "code-taken",
    });

    const automatic = makePromotion({
      code: null,
      name: "Free delivery weekend",
      kind: "free_delivery",
      percentOff: null,
    });
    expect(await store.promotions.save(automatic)).toEqual({ ok: true });
    expect((await store.promotions.list()).map((p) => p.id).sort()).toEqual([promotion.id, automatic.id].sort());

    // A new code frees the old one.
    const renamed = { ...promotion, code: "WINTER20", updatedAt: "2026-11-02T00:00:00.000Z" };
    expect(await store.promotions.save(renamed)).toEqual({ ok: true });
    expect(await store.promotions.findByCode("winter10")).toBeNull();
    expect(await store.promotions.findByCode("winter20")).toEqual(renamed);
    expect(await store.promotions.save(makePromotion({ code: "winter10" }))).toEqual({ ok: true });
  });

  it("limit 5, 20 concurrent placements: exactly 5 orders are placed with the code, the rest are refused and write nothing", async () => {
    const { store } = db;
    // A product per order: the orders contend only on the promotion's usage.
    const products = Array.from({ length: 20 }, () => withStock(1));
    await store.products.upsertMany(products);
    const promotion = makePromotion({ usageLimit: 5 });
    await store.promotions.save(promotion);
    const orders = products.map((product) => makeOrder([lineFor(product, "M", "Black", 1)]));

    const results = await Promise.all(
      orders.map((order, i) =>
        store.orders.place(order, {
          cartId: null,
          promotionUses: [claim(promotion.id, `email:shopper${i}@example.com`, { usageLimit: 5 })],
        }),
      ),
    );

    expect(results.filter((r) => r.kind === "placed")).toHaveLength(5);
    expect(results.filter((r) => r.kind === "promotion-used-up")).toHaveLength(15);
    for (const r of results) if (r.kind === "promotion-used-up") expect(r.promotionId).toBe(promotion.id);
    expect((await store.promotions.usage([promotion.id])).get(promotion.id)).toBe(5);
    const stored = await Promise.all(orders.map((o) => store.orders.get(o.id)));
    expect(stored.filter(Boolean)).toHaveLength(5);
    const stocks = await Promise.all(
      products.map(
        async (p) =>
          (await store.products.get(p.id))!.variants.find((v) => v.size === "M" && v.colour === "Black")!.stock,
      ),
    );
    expect(stocks.filter((s) => s === 0)).toHaveLength(5);
    expect(stocks.filter((s) => s === 1)).toHaveLength(15);
  }, 120_000);

  it("the issue's figures: a code limited to 100 uses, 300 shoppers placing at once, is used exactly 100 times", async () => {
    const { store } = db;
    // Each shopper buys a product of their own: they contend on the promotion's usage alone.
    const products = Array.from({ length: 300 }, () => withStock(1));
    await store.products.upsertMany(products);
    const promotion = makePromotion({ usageLimit: 100 });
    await store.promotions.save(promotion);
    const results = await Promise.all(
      products.map((product, i) =>
        store.orders.place(makeOrder([lineFor(product, "M", "Black", 1)]), {
          cartId: null,
          promotionUses: [claim(promotion.id, `email:shopper${i}@example.com`, { usageLimit: 100 })],
        }),
      ),
    );
    expect(results.filter((r) => r.kind === "placed")).toHaveLength(100);
    expect(results.filter((r) => r.kind === "promotion-used-up")).toHaveLength(200);
    expect((await store.promotions.usage([promotion.id])).get(promotion.id)).toBe(100);
    expect((await store.orders.list({ limit: 1, offset: 0 })).total).toBe(100);
  }, 300_000);

  it("a per-customer limit counts the customer's orders only; other customers still use the code", async () => {
    const { store } = db;
    const product = withStock(10);
    await store.products.upsertMany([product]);
    const promotion = makePromotion({ perCustomerLimit: 1 });
    await store.promotions.save(promotion);
    const place = (customerKey: string) =>
      store.orders.place(makeOrder([lineFor(product, "M", "Black", 1)]), {
        cartId: null,
        promotionUses: [claim(promotion.id, customerKey, { perCustomerLimit: 1 })],
      });

    expect((await place("user:ann")).kind).toBe("placed");
    expect(await place("user:ann")).toEqual({ kind: "promotion-used-up", promotionId: promotion.id });
    expect((await place("email:bob@example.com")).kind).toBe("placed");
    expect(await store.promotions.customerUsage(promotion.id, "user:ann")).toBe(1);
    expect(await store.promotions.customerUsage(promotion.id, "user:carol")).toBe(0);
    expect((await store.promotions.usage([promotion.id, "unused"])).get(promotion.id)).toBe(2);
    expect((await store.promotions.usage([promotion.id, "unused"])).get("unused")).toBe(0);
  });

  it("a placement that sells out counts no use of its promotion", async () => {
    const { store } = db;
    const product = withStock(0);
    await store.products.upsertMany([product]);
    const promotion = makePromotion({ usageLimit: 1 });
    await store.promotions.save(promotion);
    const result = await store.orders.place(makeOrder([lineFor(product, "M", "Black", 1)]), {
      cartId: null,
      promotionUses: [claim(promotion.id, "user:ann", { usageLimit: 1 })],
    });
    expect(result.kind).toBe("sold-out");
    expect((await store.promotions.usage([promotion.id])).get(promotion.id)).toBe(0);
  });

  it("lists every count of uses as placements made them, and restoring them elsewhere sets (never adds) the same counts and limits", async () => {
    const { store } = db;
    const product = withStock(10);
    await store.products.upsertMany([product]);
    const promotion = makePromotion({ usageLimit: 3 });
    await store.promotions.save(promotion);
    const use = claim(promotion.id, "user:ann", { usageLimit: 3 });
    for (const customerKey of ["user:ann", "user:ann", "email:bob@example.com"]) {
      const placed = await store.orders.place(makeOrder([lineFor(product, "M", "Black", 1)]), {
        cartId: null,
        promotionUses: [{ ...use, customerKey }],
      });
      expect(placed.kind).toBe("placed");
    }
    const counts = await store.promotions.usageCounts();
    expect(counts).toEqual([
      { promotionId: promotion.id, customerKey: null, uses: 3 },
      { promotionId: promotion.id, customerKey: "email:bob@example.com", uses: 1 },
      { promotionId: promotion.id, customerKey: "user:ann", uses: 2 },
    ]);

    // Restored for another promotion through a second connection, twice (a migration run again): the same counts.
    const other = await db.reopen();
    const copy = makePromotion({ usageLimit: 3 });
    await other.promotions.save(copy);
    const moved = counts.map((c) => ({ ...c, promotionId: copy.id }));
    await other.promotions.restoreUsageCounts(moved);
    await other.promotions.restoreUsageCounts(moved);
    expect(await other.promotions.usageCounts()).toEqual(expect.arrayContaining(moved));
    expect((await other.promotions.usage([copy.id])).get(copy.id)).toBe(3);
    expect(await other.promotions.customerUsage(copy.id, "user:ann")).toBe(2);
    // The restored total counts towards the limit: the code is used up.
    const more = await other.orders.place(makeOrder([lineFor(product, "M", "Black", 1)]), {
      cartId: null,
      promotionUses: [claim(copy.id, "user:carol", { usageLimit: 3 })],
    });
    expect(more).toEqual({ kind: "promotion-used-up", promotionId: copy.id });
  });
});
