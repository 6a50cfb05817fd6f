import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAnalyticsService } from "~/server/services/analytics/analytics.server";
import { periodSummaries } from "~/server/services/analytics/sales.server";
import { buildSeedCatalogue } from "~/server/seed/catalogue.server";
import { buildSeedOrderHistory } from "~/server/seed/orders.server";
import { seedOrdersIfEmpty } from "~/server/seed/seed.server";
import type { Store } from "~/server/store/port";
import { STORE_ADAPTERS } from "../contract/adapters";

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
    const analytics = createAnalyticsService(store, { now: () => NOW });
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
    const analytics = createAnalyticsService(store, { now: () => NOW });
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
});
