import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Order } from "~/domain/commerce";
import {
  dropRefund,
  netPaidMinor,
  refundableMinor,
  refundedMinor,
  refundedQuantity,
  reserveRefund,
  settleRefund,
} from "~/domain/refund";
import type { Refund } from "~/domain/refund-record";
import { makeOrder } from "../support/order-factory";
import { orderLine } from "../support/order-fixture";

// The refund arithmetic, whatever sequence of refunds an admin (or several) asks for: what is
// refunded never exceeds what was paid, no line is refunded beyond what was bought, and the
// order is refunded exactly when everything paid has come back.

const line = (sku: string, unitPriceMinor: number, quantity: number) =>
  orderLine({ productId: `p-${sku}`, slug: sku, name: sku, sku, unitPriceMinor, quantity });

const paidOrder = (lines: ReturnType<typeof line>[]): Order =>
  makeOrder(lines, { status: "paid", payment: { ...makeOrder([]).payment, state: "succeeded" } });

const at = "2026-11-23T10:00:00.000Z";
const refundOf = (i: number, amountMinor: number, lines: Refund["lines"]): Refund => ({
  id: `r${i}`,
  amountMinor,
  reason: "",
  lines,
  state: "pending",
  reference: null,
  returnId: null,
  at,
  by: "admin@hemline.test",
});

const orderArb = fc
  .array(fc.record({ price: fc.integer({ min: 1, max: 20_000 }), qty: fc.integer({ min: 1, max: 5 }) }), {
    minLength: 1,
    maxLength: 4,
  })
  .map((ls) => paidOrder(ls.map((l, i) => line(`SKU${i}`, l.price, l.qty))));

/** An attempt: an amount (sometimes beyond the total), quantities per line, whether the processor accepts. */
const attemptArb = fc.record({
  amount: fc.integer({ min: -100, max: 60_000 }),
  quantities: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 4, maxLength: 4 }),
  accepted: fc.boolean(),
  restock: fc.boolean(),
});

describe("refund arithmetic (property-based)", () => {
  it("never refunds more than was paid, nor more units than were bought, whatever the sequence", () => {
    fc.assert(
      fc.property(orderArb, fc.array(attemptArb, { maxLength: 12 }), (start, attempts) => {
        let order = start;
        for (const [i, a] of attempts.entries()) {
          const before = refundedMinor(order);
          const refund = refundOf(
            i,
            a.amount,
            order.lines.map((l, j) => ({ sku: l.sku, quantity: a.quantities[j], restock: a.restock })),
          );
          const held = reserveRefund(order, refund);
          const fits =
            a.amount > 0 &&
            a.amount <= refundableMinor(order) &&
            order.lines.every((l, j) => a.quantities[j] <= l.quantity - refundedQuantity(order, l.sku));
          expect(held.ok).toBe(fits);
          if (!held.ok) continue;
          const next = a.accepted
            ? settleRefund(held.order, refund.id, `re_${i}`, { status: null, at, note: null, by: "x" })
            : dropRefund(held.order, refund.id);
          if (!next.ok) throw new Error(next.message);
          order = next.order;
          expect(refundedMinor(order)).toBe(before + (a.accepted ? a.amount : 0));
          // Units go back on sale only when the refund succeeded, and only as the admin chose.
          const restocked = next.restock.reduce((sum, l) => sum + l.quantity, 0);
          expect(restocked).toBe(
            a.accepted && a.restock ? a.quantities.slice(0, order.lines.length).reduce((s, q) => s + q, 0) : 0,
          );
        }
        expect(refundedMinor(order)).toBeLessThanOrEqual(order.totalMinor);
        expect(netPaidMinor(order)).toBeGreaterThanOrEqual(0);
        for (const l of order.lines) expect(refundedQuantity(order, l.sku)).toBeLessThanOrEqual(l.quantity);
        const refunded = refundedMinor(order, ["succeeded"]);
        const expected = refunded === 0 ? "paid" : refunded === order.totalMinor ? "refunded" : "partially_refunded";
        expect(order.status).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("says clearly why a refund is refused: zero, above what remains, more units than remain", () => {
    const order = paidOrder([line("A", 2000, 2)]); // €40 + €4.95 delivery
    const refuse = (amountMinor: number, quantity = 0) =>
      reserveRefund(order, refundOf(1, amountMinor, [{ sku: "A", quantity, restock: false }]));
    expect(refuse(0)).toEqual({ ok: false, message: "Enter an amount to refund greater than zero." });
    expect(refuse(4496)).toEqual({
      ok: false,
      message: "The amount is more than what remains to refund (€44.95).",
    });
    // An order in pounds is refused in pounds.
    expect(
      reserveRefund({ ...order, currency: "GBP" }, refundOf(1, 4496, [{ sku: "A", quantity: 0, restock: false }])),
    ).toEqual({ ok: false, message: "The amount is more than what remains to refund (£44.95)." });
    expect(refuse(100, 3)).toEqual({ ok: false, message: "Only 2 of A (Black, M) can still be refunded." });
    expect(refuse(4495, 2).ok).toBe(true);
  });

  it("counts orders written before refunds existed as refunded nothing", () => {
    const old = paidOrder([line("A", 2000, 1)]);
    delete old.refunds;
    expect(refundedMinor(old)).toBe(0);
    expect(refundableMinor(old)).toBe(old.totalMinor);
    expect(netPaidMinor(old)).toBe(old.totalMinor);
  });
});
