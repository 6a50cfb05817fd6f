import { describe, expect, it } from "vitest";
import { customerTotals, returningCustomers, signUpsOverTime } from "~/server/services/analytics/customers.server";
import { hoursToShip, ordersByDay, ordersByStatus, timeToShip } from "~/server/services/analytics/orders-report.server";
import { ORDER_STATUSES, type OrderEvent } from "~/domain/commerce";
import type { Profile } from "~/domain/profile";
import { order } from "../../support/order-fixture";

const ALL = { from: Date.parse("2026-01-01T00:00:00Z"), to: Date.parse("2026-12-01T00:00:00Z") };
const ev = (status: OrderEvent["status"], at: string): OrderEvent => ({ status, at, note: null, by: "system" });

describe("orders by status and by day", () => {
  it("counts every status, zero included", () => {
    const counts = ordersByStatus(
      [order({ status: "paid" }), order({ status: "paid" }), order({ status: "refunded" })],
      ALL,
    );
    expect(counts).toHaveLength(ORDER_STATUSES.length);
    expect(counts.find((c) => c.status === "paid")?.orders).toBe(2);
    expect(counts.find((c) => c.status === "refunded")?.orders).toBe(1);
    expect(counts.find((c) => c.status === "shipped")?.orders).toBe(0);
  });

  it("counts orders of any status per day", () => {
    const window = { from: Date.parse("2026-11-19T00:00:00Z"), to: Date.parse("2026-11-21T00:00:00Z") };
    const days = ordersByDay(
      [
        order({ createdAt: "2026-11-20T01:00:00Z", status: "payment_failed" }),
        order({ createdAt: "2026-11-20T22:00:00Z" }),
      ],
      window,
    );
    expect(days.map((d) => [d.start, d.orders])).toEqual([
      ["2026-11-19", 0],
      ["2026-11-20", 2],
    ]);
  });
});

describe("time to ship", () => {
  it("measures from the paid event to the shipped event", () => {
    const shipped = order({
      status: "shipped",
      history: [
        ev("pending_payment", "2026-11-01T09:00:00Z"),
        ev("paid", "2026-11-01T10:00:00Z"),
        ev(null, "2026-11-01T11:00:00Z"),
        ev("shipped", "2026-11-02T16:00:00Z"),
      ],
    });
    expect(hoursToShip(shipped)).toBe(30);
    expect(hoursToShip(order({ status: "paid" }))).toBeNull();
  });

  it("gives the average, median, 90th percentile and bands", () => {
    const hours = [2, 10, 30, 50, 100, 200];
    const orders = hours.map((h, i) =>
      order({
        createdAt: "2026-11-01T00:00:00Z",
        status: i % 2 ? "delivered" : "shipped",
        history: [
          ev("paid", "2026-11-01T00:00:00Z"),
          ev("shipped", new Date(Date.parse("2026-11-01T00:00:00Z") + h * 3600_000).toISOString()),
        ],
      }),
    );
    orders.push(order({ status: "paid" }));
    const report = timeToShip(orders, ALL);
    expect(report.shipped).toBe(6);
    expect(report.averageHours).toBeCloseTo(392 / 6);
    expect(report.medianHours).toBe(30);
    expect(report.p90Hours).toBe(200);
    expect(report.bands.map((b) => b.orders)).toEqual([2, 1, 1, 1, 1]);
  });

  it("has no figures when nothing has shipped", () => {
    expect(timeToShip([order({ status: "paid" })], ALL)).toMatchObject({
      shipped: 0,
      averageHours: null,
      medianHours: null,
      p90Hours: null,
    });
  });
});

describe("customers", () => {
  const profile = (uid: string, createdAt: string, role: Profile["role"] = "user"): Profile => ({
    uid,
    email: `${uid}@example.com`,
    role,
    displayName: null,
    createdAt,
    updatedAt: createdAt,
  });

  it("counts customer sign-ups per bucket, not administrators", () => {
    const window = { from: Date.parse("2026-11-01T00:00:00Z"), to: Date.parse("2026-11-03T00:00:00Z") };
    const points = signUpsOverTime(
      [
        profile("a", "2026-11-01T05:00:00Z"),
        profile("b", "2026-11-01T06:00:00Z"),
        profile("c", "2026-11-02T05:00:00Z", "admin"),
      ],
      window,
      "day",
    );
    expect(points.map((p) => p.signUps)).toEqual([2, 0]);
  });

  it("finds returning customers by account or guest e-mail, counting sales only", () => {
    const orders = [
      order({ userId: "u1" }),
      order({ userId: "u1", status: "delivered" }),
      order({ userId: "u2" }),
      order({ userId: "u2", status: "refunded" }),
      order({ userId: null, email: "Guest@Example.com" }),
      order({ userId: null, email: "guest@example.com " }),
      order({ userId: null, email: "guest@example.com", status: "shipped" }),
      order({ userId: "u3", status: "payment_failed" }),
    ];
    const report = returningCustomers(orders, ALL);
    expect(report.customers).toBe(3);
    expect(report.returning).toBe(2);
    expect(report.share).toBeCloseTo(2 / 3);
    expect(report.byOrderCount).toEqual([
      { orders: "1", customers: 1 },
      { orders: "2", customers: 1 },
      { orders: "3", customers: 1 },
      { orders: "4 or more", customers: 0 },
    ]);
  });

  it("totals a customer's orders (any status) and spend (sales only)", () => {
    const totals = customerTotals([
      order({ createdAt: "2026-11-02T00:00:00Z" }),
      order({ status: "cancelled", createdAt: "2026-11-05T00:00:00Z" }),
    ]);
    expect(totals).toEqual({ orders: 2, spendMinor: 2500, lastOrderAt: "2026-11-05T00:00:00Z" });
  });
});
