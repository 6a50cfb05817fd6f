import { describe, expect, it } from "vitest";
import {
  periodSummaries,
  revenueByCategory,
  revenueOverTime,
  salesFigures,
  topProducts,
} from "~/server/services/analytics/sales.server";
import type { Profile } from "~/domain/profile";
import { order, orderLine } from "../../support/order-fixture";

const NOW = Date.parse("2026-11-21T15:00:00.000Z");
const ALL = { from: Date.parse("2026-01-01T00:00:00Z"), to: NOW };

const profile = (uid: string, createdAt: string, role: Profile["role"] = "user"): Profile => ({
  uid,
  email: `${uid}@example.com`,
  role,
  displayName: null,
  createdAt,
  updatedAt: createdAt,
});

describe("which orders are revenue", () => {
  it("counts paid, shipped and delivered at their total, and excludes refunded, cancelled, failed and pending orders", () => {
    const orders = [
      order({ status: "paid", lines: [orderLine({ unitPriceMinor: 1000 })], shippingMinor: 0 }),
      order({ status: "shipped", lines: [orderLine({ unitPriceMinor: 2000 })], shippingMinor: 500 }),
      order({ status: "delivered", lines: [orderLine({ unitPriceMinor: 3000 })], shippingMinor: 0 }),
      order({ status: "refunded", lines: [orderLine({ unitPriceMinor: 9000 })] }),
      order({ status: "cancelled", lines: [orderLine({ unitPriceMinor: 9000 })] }),
      order({ status: "payment_failed", lines: [orderLine({ unitPriceMinor: 9000 })] }),
      order({ status: "pending_payment", lines: [orderLine({ unitPriceMinor: 9000 })] }),
    ];
    expect(salesFigures(orders, [], ALL)).toEqual({
      revenueMinor: 6500,
      orders: 3,
      aovMinor: Math.round(6500 / 3),
      newCustomers: 0,
    });
  });
});

describe("revenue net of refunds", () => {
  it("counts a partially refunded order at what the shop kept, and its refunded units out of product reports", () => {
    const line = orderLine({ unitPriceMinor: 2000, quantity: 3 });
    const refund = {
      id: "r1",
      amountMinor: 2500,
      reason: "",
      lines: [{ sku: line.sku, quantity: 1, restock: false }],
      state: "succeeded" as const,
      reference: "re_1",
      returnId: null,
      at: "2026-11-20T10:00:00.000Z",
      by: "admin@hemline.test",
    };
    const orders = [
      order({ status: "partially_refunded", lines: [line], shippingMinor: 500, refunds: [refund] }),
      order({
        status: "delivered",
        lines: [orderLine({ productId: "p0002", sku: "P0002-M-BLK", unitPriceMinor: 1000 })],
        shippingMinor: 0,
      }),
    ];
    expect(salesFigures(orders, [], ALL)).toMatchObject({ revenueMinor: 6500 - 2500 + 1000, orders: 2 });
    expect(topProducts(orders, ALL).find((p) => p.productId === line.productId)).toMatchObject({
      units: 2,
      revenueMinor: 4000,
    });
  });
});

describe("period summaries", () => {
  it("gives today, 7 and 30 days with the change against the period of equal length before", () => {
    const orders = [
      order({ createdAt: "2026-11-21T09:00:00.000Z", lines: [orderLine({ unitPriceMinor: 3000 })], shippingMinor: 0 }), // today
      order({ createdAt: "2026-11-20T09:00:00.000Z", lines: [orderLine({ unitPriceMinor: 1000 })], shippingMinor: 0 }), // yesterday, before 15:00
      order({ createdAt: "2026-11-20T18:00:00.000Z", lines: [orderLine({ unitPriceMinor: 5000 })], shippingMinor: 0 }), // yesterday, after 15:00
      order({ createdAt: "2026-11-10T09:00:00.000Z", lines: [orderLine({ unitPriceMinor: 4000 })], shippingMinor: 0 }), // 8-14 days ago
      order({ createdAt: "2026-10-10T09:00:00.000Z", lines: [orderLine({ unitPriceMinor: 7000 })], shippingMinor: 0 }), // 31-60 days ago
    ];
    const profiles = [
      profile("a", "2026-11-21T08:00:00.000Z"),
      profile("b", "2026-11-19T08:00:00.000Z"),
      profile("admin", "2026-11-21T08:00:00.000Z", "admin"),
    ];
    const [today, week, month] = periodSummaries(orders, profiles, NOW);

    expect(today.key).toBe("today");
    expect(today.current).toEqual({ revenueMinor: 3000, orders: 1, aovMinor: 3000, newCustomers: 1 });
    // Yesterday up to the same time of day only: the 18:00 order is not in the comparison.
    expect(today.previous.revenueMinor).toBe(1000);
    expect(today.change.revenueMinor).toBeCloseTo(2);

    expect(week.current.revenueMinor).toBe(9000);
    expect(week.previous.revenueMinor).toBe(4000);
    expect(week.change.revenueMinor).toBeCloseTo(1.25);
    expect(week.current.newCustomers).toBe(2);
    expect(week.change.newCustomers).toBeNull();

    expect(month.current.revenueMinor).toBe(13000);
    expect(month.previous.revenueMinor).toBe(7000);
    expect(month.current.orders).toBe(4);
    expect(month.current.aovMinor).toBe(3250);
  });
});

describe("revenue over time", () => {
  const orders = [
    order({ createdAt: "2026-11-16T01:00:00.000Z", lines: [orderLine({ unitPriceMinor: 1000 })], shippingMinor: 0 }), // Monday
    order({ createdAt: "2026-11-16T23:00:00.000Z", lines: [orderLine({ unitPriceMinor: 2000 })], shippingMinor: 0 }),
    order({ createdAt: "2026-11-18T12:00:00.000Z", lines: [orderLine({ unitPriceMinor: 4000 })], shippingMinor: 0 }),
    order({ createdAt: "2026-11-15T12:00:00.000Z", lines: [orderLine({ unitPriceMinor: 8000 })], shippingMinor: 0 }), // Sunday before
    order({ createdAt: "2026-11-17T12:00:00.000Z", status: "refunded" }),
  ];
  const window = { from: Date.parse("2026-11-15T00:00:00Z"), to: Date.parse("2026-11-19T00:00:00Z") };

  it("buckets by day with empty days as zero", () => {
    const days = revenueOverTime(orders, window, "day");
    expect(days.map((d) => [d.start, d.revenueMinor, d.orders])).toEqual([
      ["2026-11-15", 8000, 1],
      ["2026-11-16", 3000, 2],
      ["2026-11-17", 0, 0],
      ["2026-11-18", 4000, 1],
    ]);
    expect(days[1].aovMinor).toBe(1500);
    expect(days[2].aovMinor).toBe(0);
  });

  it("buckets by week from Monday and by month", () => {
    expect(revenueOverTime(orders, window, "week").map((w) => [w.start, w.label, w.revenueMinor])).toEqual([
      ["2026-11-09", "w/c 9 Nov", 8000],
      ["2026-11-16", "w/c 16 Nov", 7000],
    ]);
    expect(revenueOverTime(orders, window, "month").map((m) => [m.label, m.revenueMinor, m.orders])).toEqual([
      ["Nov 2026", 15000, 4],
    ]);
  });
});

describe("revenue by category and top products", () => {
  const orders = [
    order({
      lines: [
        orderLine({ productId: "p1", name: "Tee", unitPriceMinor: 2000, quantity: 2 }),
        orderLine({ productId: "p2", name: "Jeans", unitPriceMinor: 8000 }),
      ],
    }),
    order({
      lines: [orderLine({ productId: "p1", name: "Tee (new name)", unitPriceMinor: 2000, quantity: 1 })],
      createdAt: "2026-11-20T12:00:00.000Z",
    }),
    order({ lines: [orderLine({ productId: "p3", name: "Mystery", unitPriceMinor: 500 })] }),
    order({ status: "cancelled", lines: [orderLine({ productId: "p2", unitPriceMinor: 8000, quantity: 5 })] }),
  ];
  const categories = new Map([
    ["p1", "t-shirts"],
    ["p2", "jeans"],
  ]);

  it("adds line revenue (without shipping) per category, products without a category as unknown", () => {
    expect(revenueByCategory(orders, categories, ALL)).toEqual([
      { category: "jeans", revenueMinor: 8000, units: 1 },
      { category: "t-shirts", revenueMinor: 6000, units: 3 },
      { category: "unknown", revenueMinor: 500, units: 1 },
    ]);
  });

  it("ranks products by revenue with units, orders and the latest name", () => {
    const top = topProducts(orders, ALL, 2);
    expect(top).toEqual([
      { productId: "p2", name: "Jeans", revenueMinor: 8000, units: 1, orders: 1 },
      { productId: "p1", name: "Tee (new name)", revenueMinor: 6000, units: 3, orders: 2 },
    ]);
  });
});
