import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { paidForUnits } from "~/domain/line-paid";
import { createTestCardProcessor } from "~/server/payments/test-card-processor.server";
import { createAnalyticsService } from "~/server/services/analytics/analytics.server";
import { customerTotals } from "~/server/services/analytics/customers.server";
import { createRefundsService } from "~/server/services/orders/refunds.server";
import { periodSummaries } from "~/server/services/analytics/sales.server";
import { buildSeedCatalogue } from "~/server/seed/catalogue.server";
import { buildSeedOrderHistory } from "~/server/seed/orders.server";
import { seedOrdersIfEmpty } from "~/server/seed/seed.server";
import type { Store } from "~/server/store/port";
import { STORE_ADAPTERS } from "../contract/adapters";
import { lineFor, makeOrder } from "../support/order-factory";

// The reports read the seeded history back from each backend and must agree with the pure
// functions applied to the same history in memory.

const NOW = new Date("2026-11-21T15:30:00.000Z");
const catalogue = buildSeedCatalogue();
const history = buildSeedOrderHistory(catalogue, NOW);
const DAY = 24 * 60 * 60 * 1000;

describe.each(STORE_ADAPTERS)("analytics service: $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeEach(async () => {
    ({ store, dispose } = await adapter.create());
    await store.products.upsertMany(catalogue);
    await seedOrdersIfEmpty(store, () => {}, NOW);
  });
  afterEach(async () => {
    await dispose();
  });

  it("the dashboard's figures, work waiting and recent orders match the history", async () => {
    const analytics = createAnalyticsService({ store, now: () => NOW });
    const dashboard = await analytics.dashboard();
    expect(dashboard.periods).toEqual(periodSummaries(history.orders, history.customers, NOW.getTime()));
    expect(dashboard.periods[2].current.revenueMinor).toBeGreaterThan(0);
    expect(dashboard.toShip.total).toBe(history.orders.filter((o) => o.status === "paid").length);
    expect(dashboard.awaitingPayment.total).toBe(2);
    expect(dashboard.recent.map((o) => o.id)).toEqual(
      [...history.orders]
        .reverse()
        .slice(0, 8)
        .map((o) => o.id),
    );
    expect(dashboard.stock.soldOut).toBeGreaterThan(0);
  });

  it("sales, orders and customer reports cover the period asked for", async () => {
    const analytics = createAnalyticsService({ store, now: () => NOW });
    const window = { from: NOW.getTime() - 90 * DAY, to: NOW.getTime() + 1 };
    const sales = await analytics.sales(window, "month");
    const sold = history.orders.filter((o) => ["paid", "shipped", "delivered"].includes(o.status));
    expect(sales.totals.revenueMinor).toBe(sold.reduce((s, o) => s + o.totalMinor, 0));
    expect(sales.overTime.reduce((s, p) => s + p.revenueMinor, 0)).toBe(sales.totals.revenueMinor);
    expect(sales.byCategory.map((c) => c.category).sort()).toEqual([
      "accessories",
      "dresses",
      "jackets",
      "jeans",
      "shoes",
      "sweaters",
      "t-shirts",
    ]);
    expect(sales.topProducts).toHaveLength(10);

    const orders = await analytics.orders(window);
    expect(orders.total).toBe(history.orders.length);
    expect(orders.byStatus.reduce((s, b) => s + b.orders, 0)).toBe(history.orders.length);
    expect(orders.timeToShip.shipped).toBe(
      history.orders.filter((o) => o.history.some((e) => e.status === "shipped")).length,
    );

    const customers = await analytics.customers(window, "week");
    const signedUp = history.customers.filter((c) => Date.parse(c.createdAt) >= window.from).length;
    expect(customers.signUps.reduce((s, p) => s + p.signUps, 0)).toBe(signedUp);
    expect(customers.returning.returning).toBeGreaterThan(0);
  });

  it("a discounted order with a partial refund counts what was paid, its lines adding up to its revenue less delivery", async () => {
    // After the seeded history, alone in its window: a day after NOW.
    const at = new Date(NOW.getTime() + DAY);
    const first = catalogue[0];
    const secondProduct = catalogue.find((p) => p.category !== first.category)!;
    const [v1, v2] = [first.variants[0], secondProduct.variants[0]];
    const lines = [
      { ...lineFor(first, v1.size, v1.colour, 3), discountMinor: 901 },
      { ...lineFor(secondProduct, v2.size, v2.colour, 1), discountMinor: 300 },
    ];
    const made = makeOrder(lines, { createdAt: at.toISOString(), history: [] });
    const discountMinor = 1201;
    const placed = await store.orders.place(
      { ...made, discountMinor, totalMinor: made.totalMinor - discountMinor, history: [] },
      { cartId: null },
    );
    if (placed.kind !== "placed") throw new Error(placed.kind);
    const paid = await store.orders.transition(placed.order.id, {
      from: ["pending_payment"],
      to: "delivered",
      event: { status: "delivered", at: at.toISOString(), note: null, by: "system" },
      stock: "none",
      patch: { payment: { ...placed.order.payment, state: "succeeded", reference: "tc_1" } },
    });
    if (paid.kind !== "ok") throw new Error(paid.kind);
    // One of the three discounted units back, at what it was paid.
    const unit = paidForUnits(lines[0], 1);
    const refunds = createRefundsService(store, { payments: createTestCardProcessor({ keys: store.paymentKeys }) });
    const refunded = await refunds.refund(
      paid.order.id,
      { amountMinor: unit, reason: "Too small", lines: [{ sku: lines[0].sku, quantity: 1, restock: false }] },
      "admin@hemline.test",
    );
    if (!refunded.ok) throw new Error(refunded.message);
    expect(refunded.order.status).toBe("partially_refunded");

    const analytics = createAnalyticsService({ store, now: () => at });
    const sales = await analytics.sales({ from: at.getTime() - 1, to: at.getTime() + DAY }, "day");
    const net = made.totalMinor - discountMinor - unit;
    expect(sales.totals).toMatchObject({ revenueMinor: net, orders: 1 });
    const paidFirst = lines[0].unitPriceMinor * 3 - 901 - unit;
    const paidSecond = lines[1].unitPriceMinor - 300;
    expect(sales.byCategory.find((c) => c.category === first.category)).toEqual({
      category: first.category,
      revenueMinor: paidFirst,
      units: 2,
    });
    expect(sales.topProducts.map((p) => [p.productId, p.revenueMinor, p.units]).sort()).toEqual(
      [
        [first.id, paidFirst, 2],
        [secondProduct.id, paidSecond, 1],
      ].sort(),
    );
    expect(sales.byCategory.reduce((s, c) => s + c.revenueMinor, 0) + made.shippingMinor).toBe(net);
    expect(customerTotals([(await store.orders.get(paid.order.id))!]).spendMinor).toBe(net);
  });
});
