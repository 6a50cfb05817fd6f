import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, type Order, type OrderStatus } from "~/domain/commerce";
import { buildSeedCatalogue } from "./catalogue.server";
import { buildSeedOrderHistory, SEED_HISTORY_DAYS } from "./orders.server";

const NOW = new Date("2026-11-21T15:30:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const catalogue = buildSeedCatalogue();
const { customers, orders } = buildSeedOrderHistory(catalogue, NOW);

/** The status path each final status implies, from placement. */
const PATHS: Record<OrderStatus, OrderStatus[]> = {
  pending_payment: ["pending_payment"],
  payment_failed: ["pending_payment", "payment_failed"],
  paid: ["pending_payment", "paid"],
  cancelled: ["pending_payment", "paid", "cancelled"],
  shipped: ["pending_payment", "paid", "shipped"],
  delivered: ["pending_payment", "paid", "shipped", "delivered"],
  refunded: ["pending_payment", "paid", "shipped", "delivered", "refunded"],
  // The seed makes none: a partial refund exists only as a refund record.
  partially_refunded: ["pending_payment", "paid", "shipped", "delivered", "partially_refunded"],
};

const byStatus = (status: OrderStatus) => orders.filter((o) => o.status === status);

describe("seeded order history", () => {
  it("is deterministic for the same moment", () => {
    expect(buildSeedOrderHistory(catalogue, NOW)).toEqual({ customers, orders });
    expect(buildSeedOrderHistory(catalogue, new Date(NOW.getTime() + DAY)).orders[0].createdAt).not.toBe(
      orders[0].createdAt,
    );
  });

  it("has 30–60 customers with plausible names, unique @example.com e-mails and past sign-up dates", () => {
    expect(customers.length).toBeGreaterThanOrEqual(30);
    expect(customers.length).toBeLessThanOrEqual(60);
    expect(new Set(customers.map((c) => c.uid)).size).toBe(customers.length);
    expect(new Set(customers.map((c) => c.email)).size).toBe(customers.length);
    for (const c of customers) {
      expect(c.email).toMatch(/^[a-z]+\.[a-z]+@example\.com$/);
      expect(c.displayName).toMatch(/^\p{L}+ [\p{L}' ]+$/u);
      expect(c.role).toBe("user");
      expect(Date.parse(c.createdAt)).toBeLessThan(NOW.getTime());
    }
  });

  it("has a few hundred orders over the last 90 days, some of them today, with unique ids, numbers and keys", () => {
    expect(orders.length).toBeGreaterThanOrEqual(200);
    expect(orders.length).toBeLessThanOrEqual(500);
    const times = orders.map((o) => Date.parse(o.createdAt));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(NOW.getTime() - SEED_HISTORY_DAYS * DAY);
    expect(Math.max(...times)).toBeLessThan(NOW.getTime());
    expect(orders.filter((o) => o.createdAt.startsWith("2026-11-21")).length).toBeGreaterThanOrEqual(2);
    expect(new Set(orders.map((o) => o.id)).size).toBe(orders.length);
    expect(new Set(orders.map((o) => o.number)).size).toBe(orders.length);
    expect(new Set(orders.map((o) => o.idempotencyKey)).size).toBe(orders.length);
    for (const o of orders) expect(o.number).toMatch(/^HM-[0-9A-HJKMNP-TV-Z]{8}$/);
  });

  it("has every status, the newest orders awaiting payment and paid ones waiting to ship", () => {
    // A partial refund needs a refund record naming lines and amounts; the seed refunds in full only.
    for (const status of ORDER_STATUSES.filter((s) => s !== "partially_refunded"))
      expect(byStatus(status).length, status).toBeGreaterThan(0);
    expect(orders.slice(-2).map((o) => o.status)).toEqual(["pending_payment", "pending_payment"]);
    expect(orders.slice(-7, -2).map((o) => o.status)).toEqual(["paid", "paid", "paid", "paid", "paid"]);
  });

  it("gives every order the timeline its status implies, in time order and before now", () => {
    for (const o of orders) {
      const statuses = o.history.map((e) => e.status).filter((s): s is OrderStatus => s !== null);
      expect(statuses, o.number).toEqual(PATHS[o.status]);
      expect(o.history[0]).toMatchObject({ status: "pending_payment", at: o.createdAt, by: "customer" });
      const at = o.history.map((e) => Date.parse(e.at));
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      expect(at[at.length - 1]).toBeLessThan(NOW.getTime());
      expect(o.updatedAt).toBe(o.history[o.history.length - 1].at);
    }
  });

  it("keeps payment, tracking and timeline notes consistent with the status", () => {
    for (const o of orders) {
      const shipped = ["shipped", "delivered", "refunded"].includes(o.status);
      if (shipped) {
        expect(o.trackingNumber).toMatch(/^JJD00\d{10}$/);
        expect(o.history.find((e) => e.status === "shipped")?.note).toBe(`Tracking number ${o.trackingNumber}`);
      } else {
        expect(o.trackingNumber).toBeNull();
      }
      const expected = {
        pending_payment: "pending",
        payment_failed: "failed",
        paid: "succeeded",
        shipped: "succeeded",
        delivered: "succeeded",
        cancelled: "refunded",
        refunded: "refunded",
        partially_refunded: "succeeded",
      }[o.status];
      expect(o.payment.state, o.number).toBe(expected);
      if (o.payment.state !== "pending" && o.payment.state !== "failed") expect(o.payment.cardLast4).toMatch(/^\d{4}$/);
      if (o.status === "payment_failed") expect(o.payment.failureMessage).toBeTruthy();
    }
  });

  it("draws lines from the seed catalogue at its prices, sizes and colours, with totals that add up", () => {
    const products = new Map(catalogue.map((p) => [p.id, p]));
    for (const o of orders) {
      expect(o.lines.length).toBeGreaterThan(0);
      for (const line of o.lines) {
        const product = products.get(line.productId)!;
        expect(product.status).toBe("active");
        expect(line).toMatchObject({
          name: product.name,
          slug: product.slug,
          unitPriceMinor: product.priceMinor,
          compareAtMinor: product.compareAtMinor,
        });
        expect(product.variants.find((v) => v.sku === line.sku)).toMatchObject({
          size: line.size,
          colour: line.colour,
        });
      }
      expect(o.subtotalMinor).toBe(o.lines.reduce((s, l) => s + l.unitPriceMinor * l.quantity, 0));
      expect(o.totalMinor).toBe(o.subtotalMinor + o.shippingMinor);
      expect(o.shipping.priceMinor).toBe(o.shippingMinor);
    }
  });

  it("places customers' orders after they signed up, has guests and returning customers", () => {
    const signedUp = new Map(customers.map((c) => [c.uid, c]));
    const perCustomer = new Map<string, Order[]>();
    for (const o of orders) {
      if (!o.userId) continue;
      const c = signedUp.get(o.userId)!;
      expect(o.email).toBe(c.email);
      expect(o.createdAt >= c.createdAt).toBe(true);
      expect(o.address.name).toBe(c.displayName);
      perCustomer.set(o.userId, [...(perCustomer.get(o.userId) ?? []), o]);
    }
    expect(orders.filter((o) => o.userId === null).length).toBeGreaterThan(10);
    expect([...perCustomer.values()].filter((list) => list.length >= 2).length).toBeGreaterThan(10);
    // A customer's orders go to their one address.
    for (const list of perCustomer.values())
      expect(new Set(list.map((o) => `${o.address.line1}, ${o.address.city}`)).size).toBe(1);
  });
});

describe("seeded order history just after midnight", () => {
  it("still has nothing after now", () => {
    const justAfter = new Date("2026-11-22T00:00:40.000Z");
    const { orders: early } = buildSeedOrderHistory(catalogue, justAfter);
    for (const o of early)
      for (const e of o.history) expect(Date.parse(e.at), o.number).toBeLessThanOrEqual(justAfter.getTime());
    expect(early.slice(-7).map((o) => o.status)).toEqual([
      "paid",
      "paid",
      "paid",
      "paid",
      "paid",
      "pending_payment",
      "pending_payment",
    ]);
  });
});
