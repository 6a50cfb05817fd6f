import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OrderLine } from "~/domain/commerce";
import { paidForUnits } from "~/domain/line-paid";
import type { Refund } from "~/domain/refund-record";
import { salesByCategory } from "~/server/services/admin-catalog/category-report.server";
import {
  deliveryRevenue,
  keptUnits,
  lineRevenue,
  orderRevenue,
} from "~/server/services/analytics/revenue-rules.server";
import { revenueByCategory, salesFigures, topProducts } from "~/server/services/analytics/sales.server";
import { order, orderLine } from "../../support/order-fixture";

// Item reports count what was paid: a line after its promotion discount, less its refunded units
// at what they were paid, so an order's lines add up to its revenue net of refunds, less delivery.

const ALL = { from: Date.parse("2026-01-01T00:00:00Z"), to: Date.parse("2026-12-31T00:00:00Z") };

const refund = (amountMinor: number, lines: Refund["lines"], state: Refund["state"] = "succeeded"): Refund => ({
  id: `r${amountMinor}`,
  amountMinor,
  reason: "",
  lines,
  state,
  reference: "re_1",
  returnId: null,
  at: "2026-11-20T12:00:00.000Z",
  by: "admin@hemline.test",
});

/** An order whose totals follow its lines' discounts: total = subtotal − discount + delivery. */
function discountedOrder(lines: OrderLine[], refunds: Refund[], shippingMinor = 500) {
  const subtotalMinor = lines.reduce((s, l) => s + l.unitPriceMinor * l.quantity, 0);
  const discountMinor = lines.reduce((s, l) => s + (l.discountMinor ?? 0), 0);
  return order({
    status: refunds.length ? "partially_refunded" : "delivered",
    lines,
    shippingMinor,
    subtotalMinor,
    discountMinor,
    totalMinor: subtotalMinor - discountMinor + shippingMinor,
    refunds,
  });
}

describe("line revenue of a discounted order with a partial refund", () => {
  // Tee: 3 × €20.00 with €9.00 off (paid €51.00, a unit €17.00); Jeans: 1 × €10.00 with €3.00 off.
  const tee = orderLine({ productId: "p1", sku: "P1-M-BLK", unitPriceMinor: 2000, quantity: 3, discountMinor: 900 });
  const jeans = orderLine({ productId: "p2", sku: "P2-M-BLU", unitPriceMinor: 1000, quantity: 1, discountMinor: 300 });
  // One tee refunded at what it was paid (as a return values it).
  const sold = discountedOrder([tee, jeans], [refund(1700, [{ sku: tee.sku, quantity: 1, restock: false }])]);

  it("counts each line at what was paid for the units kept", () => {
    expect(lineRevenue(tee, sold)).toBe(3400);
    expect(keptUnits(sold, tee)).toBe(2);
    expect(lineRevenue(jeans, sold)).toBe(700);
  });

  it("adds up: the lines plus delivery are the order's revenue net of refunds", () => {
    expect(orderRevenue(sold)).toBe(6300 - 1700);
    expect(deliveryRevenue(sold)).toBe(500);
    expect(sold.lines.reduce((s, l) => s + lineRevenue(l, sold), 0) + sold.shippingMinor).toBe(orderRevenue(sold));
  });

  it("every item report uses it: by category, top products and the categories page", () => {
    const categories = new Map([
      ["p1", "t-shirts"],
      ["p2", "jeans"],
    ]);
    expect(revenueByCategory([sold], categories, ALL)).toEqual([
      { category: "t-shirts", revenueMinor: 3400, units: 2 },
      { category: "jeans", revenueMinor: 700, units: 1 },
    ]);
    expect(topProducts([sold], ALL)).toEqual([
      { productId: "p1", name: tee.name, revenueMinor: 3400, units: 2, orders: 1 },
      { productId: "p2", name: jeans.name, revenueMinor: 700, units: 1, orders: 1 },
    ]);
    const byCategory = salesByCategory([sold], (id) => (id === "p1" ? "t-shirts" : "jeans"));
    expect(byCategory.get("t-shirts")).toEqual({ orders: 1, units: 2, revenueMinor: 3400 });
    expect(byCategory.get("jeans")).toEqual({ orders: 1, units: 1, revenueMinor: 700 });
    expect(salesFigures([sold], [], ALL).revenueMinor).toBe(4600);
  });

  it("counts a refund still waiting for the processor neither in the order's revenue nor in its lines", () => {
    const waiting = discountedOrder([tee], [refund(1700, [{ sku: tee.sku, quantity: 1, restock: false }], "pending")]);
    expect(orderRevenue(waiting)).toBe(5100 + 500);
    expect(lineRevenue(tee, waiting)).toBe(5100);
    expect(keptUnits(waiting, tee)).toBe(3);
  });

  it("puts refund money that is not for units (delivery given back) on delivery, not on the lines", () => {
    const both = discountedOrder([tee], [refund(1700 + 500, [{ sku: tee.sku, quantity: 1, restock: false }])]);
    expect(lineRevenue(tee, both)).toBe(3400);
    expect(deliveryRevenue(both)).toBe(0);
  });
});

describe("line revenue property", () => {
  const line = (i: number) =>
    fc
      .record({ unit: fc.integer({ min: 1, max: 20_000 }), quantity: fc.integer({ min: 1, max: 6 }) })
      .chain(({ unit, quantity }) =>
        fc
          .integer({ min: 0, max: unit * quantity })
          .map((discountMinor) =>
            orderLine({ productId: `p${i}`, sku: `SKU-${i}`, unitPriceMinor: unit, quantity, discountMinor }),
          ),
      );

  it("refunds of units at what they were paid, in any split, leave the lines adding up to revenue less delivery", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }).chain((seeds) => fc.tuple(...seeds.map((_, i) => line(i)))),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 6 })), { maxLength: 6 }),
        fc.integer({ min: 0, max: 1500 }),
        (lines, picks, shippingMinor) => {
          const refunds: Refund[] = [];
          const refunded = new Map<string, number>();
          for (const [pick, wanted] of picks) {
            const l = lines[pick % lines.length];
            const before = refunded.get(l.sku) ?? 0;
            const quantity = Math.min(wanted, l.quantity - before);
            if (quantity === 0) continue;
            const amount = paidForUnits(l, before + quantity) - paidForUnits(l, before);
            refunded.set(l.sku, before + quantity);
            refunds.push({ ...refund(amount, [{ sku: l.sku, quantity, restock: false }]), id: `r${refunds.length}` });
          }
          const sold = discountedOrder(lines, refunds, shippingMinor);
          const items = lines.reduce((s, l) => s + lineRevenue(l, sold), 0);
          expect(items + shippingMinor).toBe(orderRevenue(sold));
          expect(deliveryRevenue(sold)).toBe(shippingMinor);
        },
      ),
    );
  });
});
