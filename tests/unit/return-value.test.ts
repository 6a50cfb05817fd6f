import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Order, OrderLine } from "~/domain/commerce";
import { refundableMinor, refundedQuantity, reserveRefund, settleRefund } from "~/domain/refund";
import type { Refund } from "~/domain/refund-record";
import { paidForUnits } from "~/domain/line-paid";
import {
  advanceReturn,
  closeReturnAtZero,
  returnableQuantity,
  returnsOf,
  returnValueMinor,
  startReturn,
} from "~/domain/return";
import { makeOrder } from "../support/order-factory";
import { orderLine } from "../support/order-fixture";

// What a returned item gives back: what was paid for it (its list price less its share of the
// line's promotion discount), never more than was paid and not yet refunded, and a line's units
// returned in any split add up to exactly what the line paid.

const at = "2026-11-23T10:00:00.000Z";
const event = { status: null, at, note: null, by: "admin@hemline.test" };

const line = (sku: string, unitPriceMinor: number, quantity: number, discountMinor = 0): OrderLine =>
  orderLine({ productId: `p-${sku}`, slug: sku, name: sku, sku, unitPriceMinor, quantity, discountMinor });

const linePaid = (l: OrderLine) => l.unitPriceMinor * l.quantity - (l.discountMinor ?? 0);

/** A delivered order whose totals add up: subtotal − discount + delivery. */
function deliveredOrder(lines: OrderLine[], shippingMinor = 495): Order {
  const base = makeOrder(lines);
  const discountMinor = lines.reduce((s, l) => s + (l.discountMinor ?? 0), 0);
  return {
    ...base,
    discountMinor,
    shippingMinor,
    totalMinor: base.subtotalMinor - discountMinor + shippingMinor,
    status: "delivered",
    payment: { ...base.payment, state: "succeeded", reference: "tc_1" },
    history: [...base.history, { status: "delivered", at, note: null, by: "system" }],
    refunds: [],
  };
}

const ok = <T extends { ok: true; order: Order } | { ok: false; message: string }>(r: T): Order => {
  if (!r.ok) throw new Error(r.message);
  return r.order;
};

/** The shopper returns these units; the shop approves and receives them. */
function receivedReturn(order: Order, id: string, lines: Array<{ sku: string; quantity: number }>) {
  let next = ok(startReturn(order, { id, lines, reason: "Too small", at }, 30));
  next = ok(advanceReturn(next, id, "approved", { message: null, at }));
  next = ok(advanceReturn(next, id, "received", { message: null, restock: {}, at }));
  return { order: next, request: returnsOf(next).find((r) => r.id === id)! };
}

const refund = (id: string, amountMinor: number, lines: Refund["lines"], returnId: string | null = null): Refund => ({
  id,
  amountMinor,
  reason: "",
  lines,
  state: "pending",
  reference: null,
  returnId,
  at,
  by: "admin@hemline.test",
});

/** Refund the return at its value, as the back office's "Refund €…" button does. */
function refundReturn(order: Order, returnId: string): { order: Order; value: number } {
  const request = returnsOf(order).find((r) => r.id === returnId)!;
  const value = returnValueMinor(order, request);
  const lines = request.lines.map((l) => ({ sku: l.sku, quantity: l.quantity, restock: false }));
  const held = ok(reserveRefund(order, refund(`re-${returnId}`, value, lines, returnId)));
  return { order: ok(settleRefund(held, `re-${returnId}`, `tc_re_${returnId}`, event)), value };
}

/** What the order still owes for a line's units not yet refunded. */
const unrefundedPaid = (order: Order, l: OrderLine) =>
  paidForUnits(l, l.quantity) - paidForUnits(l, refundedQuantity(order, l.sku));

describe("return value", () => {
  it("gives back the price paid, not the list price: the discount is shared by the returned units", () => {
    // 3 × €10.00 with €1.00 off the line: the line paid €29.00.
    const order = deliveredOrder([line("A", 1000, 3, 100), line("B", 2500, 1)]);
    const first = receivedReturn(order, "ret1", [{ sku: "A", quantity: 1 }]);
    expect(returnValueMinor(first.order, first.request)).toBe(967);

    const one = refundReturn(first.order, "ret1");
    const second = receivedReturn(one.order, "ret2", [
      { sku: "A", quantity: 2 },
      { sku: "B", quantity: 1 },
    ]);
    // The two other units of A are worth the rest of what A paid, 2900 − 967; B had no discount.
    expect(returnValueMinor(second.order, second.request)).toBe(1933 + 2500);
    const two = refundReturn(second.order, "ret2");
    expect(one.value + two.value).toBe(2900 + 2500);
    expect(two.order.status).toBe("partially_refunded"); // the delivery is not given back
  });

  it("counts units an admin refunded on the line before, and the return's own held refund not twice", () => {
    const order = deliveredOrder([line("A", 1000, 3, 100)]);
    const admin = ok(reserveRefund(order, refund("adm", 500, [{ sku: "A", quantity: 1, restock: false }])));
    const settled = ok(settleRefund(admin, "adm", "tc_adm", event));
    const received = receivedReturn(settled, "ret1", [{ sku: "A", quantity: 1 }]);
    // Unit 2 of 3: paidFor(2) − paidFor(1) = 1933 − 967.
    expect(returnValueMinor(received.order, received.request)).toBe(966);
    // While its refund waits for the processor, the return is still worth the same.
    const held = ok(
      reserveRefund(received.order, refund("re1", 966, [{ sku: "A", quantity: 1, restock: false }], "ret1")),
    );
    expect(returnValueMinor(held, returnsOf(held)[0])).toBe(966);
  });

  it("does not take back units the shop has already refunded outside a return", () => {
    const order = deliveredOrder([line("A", 1000, 3)]);
    const admin = ok(reserveRefund(order, refund("adm", 1000, [{ sku: "A", quantity: 1, restock: false }])));
    const settled = ok(settleRefund(admin, "adm", "tc_adm", event));
    expect(returnableQuantity(settled, settled.lines[0])).toBe(2);
    expect(startReturn(settled, { id: "ret1", lines: [{ sku: "A", quantity: 3 }], reason: "x", at }, 30)).toEqual({
      ok: false,
      message: "Only 2 of A (Black, M) can be returned.",
    });
    // A return's own refund is not counted twice: after a refunded return of 1, one unit is left.
    const returned = refundReturn(receivedReturn(settled, "ret1", [{ sku: "A", quantity: 1 }]).order, "ret1").order;
    expect(returnableQuantity(returned, returned.lines[0])).toBe(1);
  });

  it("is never more than the order has left to refund", () => {
    const order = deliveredOrder([line("A", 1000, 2)], 0);
    // A goodwill refund of €15.00 with no units leaves €5.00 of the €20.00 paid.
    const goodwill = ok(settleRefund(ok(reserveRefund(order, refund("gw", 1500, []))), "gw", "tc_gw", event));
    const received = receivedReturn(goodwill, "ret1", [{ sku: "A", quantity: 1 }]);
    expect(returnValueMinor(received.order, received.request)).toBe(500);
  });

  it("gives nothing back for a unit the promotion gave away", () => {
    // 2 × €10.00 with €20.00 off: both units were free.
    const order = deliveredOrder([line("A", 1000, 2, 2000)]);
    const received = receivedReturn(order, "ret1", [{ sku: "A", quantity: 1 }]);
    expect(returnValueMinor(received.order, received.request)).toBe(0);
  });

  it("closes a return worth nothing at €0, restocking as chosen, and refuses to close one worth something", () => {
    const free = receivedReturn(deliveredOrder([line("A", 1000, 2, 2000)]), "ret1", [{ sku: "A", quantity: 1 }]);
    const closed = closeReturnAtZero(free.order, "ret1", { refundId: "z1", at, by: "admin@hemline.test" });
    if (!closed.ok) throw new Error(closed.message);
    expect(closed.order.refunds).toMatchObject([{ id: "z1", amountMinor: 0, state: "succeeded", returnId: "ret1" }]);
    expect(returnsOf(closed.order)[0]).toMatchObject({ status: "refunded", refundId: "z1" });
    expect(closed.order.status).toBe("delivered");
    expect(closeReturnAtZero(closed.order, "ret1", { refundId: "z2", at, by: "x" })).toMatchObject({ ok: false });

    const paid = receivedReturn(deliveredOrder([line("A", 1000, 2)]), "ret1", [{ sku: "A", quantity: 1 }]);
    expect(closeReturnAtZero(paid.order, "ret1", { refundId: "z1", at, by: "x" })).toEqual({
      ok: false,
      message: "This return is worth €10.00: refund it.",
    });
    // In the order's own currency, whatever it is.
    const inPounds = receivedReturn({ ...deliveredOrder([line("A", 1000, 2)]), currency: "GBP" }, "ret1", [
      { sku: "A", quantity: 1 },
    ]);
    expect(closeReturnAtZero(inPounds.order, "ret1", { refundId: "z1", at, by: "x" })).toEqual({
      ok: false,
      message: "This return is worth £10.00: refund it.",
    });
  });

  it("refuses a refund outside a return of units that return holds; the units it does not hold can be refunded", () => {
    const received = receivedReturn(deliveredOrder([line("A", 1000, 3)]), "ret1", [{ sku: "A", quantity: 2 }]);
    const held = reserveRefund(received.order, refund("r1", 2000, [{ sku: "A", quantity: 2, restock: false }]));
    expect(held).toEqual({
      ok: false,
      message: "Only 1 of A (Black, M) can be refunded here: 2 are in an open return, refunded through it.",
    });
    expect(reserveRefund(received.order, refund("r2", 1000, [{ sku: "A", quantity: 1, restock: false }])).ok).toBe(
      true,
    );
  });

  it("closes at €0 a return whose units an older refund already paid back, restocking only units it did not settle", () => {
    const received = receivedReturn(deliveredOrder([line("A", 1000, 3)]), "ret1", [{ sku: "A", quantity: 2 }]);
    const withRestock = {
      ...received.order,
      returns: returnsOf(received.order).map((r) => ({ ...r, lines: r.lines.map((l) => ({ ...l, restock: true })) })),
    };
    // Written before refunds had to leave a return's units alone: everything paid back, naming two of the three units.
    const refunded: Order = {
      ...withRestock,
      status: "refunded",
      refunds: [
        {
          ...refund("full", withRestock.totalMinor, [{ sku: "A", quantity: 2, restock: false }]),
          state: "succeeded",
          reference: "re_full",
        },
      ],
    };
    expect(returnValueMinor(refunded, returnsOf(refunded)[0])).toBe(0);
    const closed = closeReturnAtZero(refunded, "ret1", { refundId: "z1", at, by: "admin@hemline.test" });
    if (!closed.ok) throw new Error(closed.message);
    expect(closed.order.refunds!.at(-1)).toMatchObject({
      amountMinor: 0,
      lines: [{ sku: "A", quantity: 1, restock: true }],
    });
    expect(closed.restock).toMatchObject([{ sku: "A", quantity: 1 }]);
    expect(returnsOf(closed.order)[0].status).toBe("refunded");
  });

  it("values a line without a discount at its unit price", () => {
    const order = deliveredOrder([line("A", 1999, 2)]);
    delete order.lines[0].discountMinor;
    const received = receivedReturn(order, "ret1", [{ sku: "A", quantity: 2 }]);
    expect(returnValueMinor(received.order, received.request)).toBe(3998);
  });
});

// Lines with any price, quantity and a discount that leaves every unit worth at least a cent (a
// unit given away is worth nothing back: its return is closed at €0 instead, see the tests above).
const linesArb = fc
  .array(
    fc
      .record({ price: fc.integer({ min: 1, max: 20_000 }), qty: fc.integer({ min: 1, max: 6 }) })
      .chain(({ price, qty }) =>
        fc.record({
          price: fc.constant(price),
          qty: fc.constant(qty),
          discount: fc.integer({ min: 0, max: (price - 1) * qty }),
        }),
      ),
    { minLength: 1, maxLength: 4 },
  )
  .map((ls) => ls.map((l, i) => line(`SKU${i}`, l.price, l.qty, l.discount)));

describe("return value (property-based)", () => {
  it("any split of the units into returns, refunded in any order, adds up exactly to what the lines paid", () => {
    fc.assert(
      fc.property(
        linesArb,
        fc.integer({ min: 0, max: 995 }),
        fc.array(fc.nat(), { minLength: 24, maxLength: 24 }),
        fc.func(fc.nat()),
        (lines, shipping, cuts, order$) => {
          let order = deliveredOrder(lines, shipping);
          // Cut each line's units into parts (one per unit at most) and deal the parts into up to 4 returns.
          const returns = new Map<number, Map<string, number>>();
          let c = 0;
          for (const l of lines) {
            let left = l.quantity;
            while (left > 0) {
              const part = 1 + (cuts[c++ % cuts.length] % left);
              const into = cuts[c++ % cuts.length] % 4;
              const request = returns.get(into) ?? new Map<string, number>();
              request.set(l.sku, (request.get(l.sku) ?? 0) + part);
              returns.set(into, request);
              left -= part;
            }
          }
          const ids: string[] = [];
          for (const [i, request] of returns) {
            const id = `ret${i}`;
            order = receivedReturn(
              order,
              id,
              [...request].map(([sku, quantity]) => ({ sku, quantity })),
            ).order;
            ids.push(id);
          }
          // Refund them in an order the generator picks, each at its value when refunded.
          ids.sort((a, b) => order$(a) - order$(b));
          let refunded = 0;
          for (const id of ids) {
            const request = returnsOf(order).find((r) => r.id === id)!;
            const value = returnValueMinor(order, request);
            const owed = request.lines.reduce(
              (s, rl) => s + unrefundedPaid(order, order.lines.find((l) => l.sku === rl.sku)!),
              0,
            );
            expect(value).toBeGreaterThan(0);
            expect(value).toBeLessThanOrEqual(owed);
            expect(value).toBeLessThanOrEqual(refundableMinor(order));
            order = refundReturn(order, id).order;
            refunded += value;
          }
          expect(refunded).toBe(lines.reduce((s, l) => s + linePaid(l), 0));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("with admin refunds in between, no return is worth more than was paid for its units and not yet refunded", () => {
    const step = fc.record({
      kind: fc.constantFrom("return", "admin"),
      line: fc.nat(),
      quantity: fc.integer({ min: 0, max: 6 }),
      amount: fc.integer({ min: 1, max: 60_000 }),
    });
    fc.assert(
      fc.property(linesArb, fc.array(step, { maxLength: 10 }), (lines, steps) => {
        let order = deliveredOrder(lines);
        for (const [i, s] of steps.entries()) {
          const l = lines[s.line % lines.length];
          const left = l.quantity - refundedQuantity(order, l.sku);
          if (s.kind === "admin") {
            const amount = Math.min(s.amount, refundableMinor(order));
            const quantity = Math.min(s.quantity, left);
            if (amount === 0) continue;
            const held = ok(
              reserveRefund(order, refund(`adm${i}`, amount, [{ sku: l.sku, quantity, restock: false }])),
            );
            order = ok(settleRefund(held, `adm${i}`, `tc_adm${i}`, event));
            continue;
          }
          // Whatever the shopper may return can be refunded: no return is left stuck at "received".
          const quantity = Math.min(Math.max(1, s.quantity), returnableQuantity(order, l));
          if (quantity === 0 || order.status === "refunded") continue;
          const received = receivedReturn(order, `ret${i}`, [{ sku: l.sku, quantity }]);
          const value = returnValueMinor(received.order, received.request);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(
            paidForUnits(l, refundedQuantity(order, l.sku) + quantity) -
              paidForUnits(l, refundedQuantity(order, l.sku)),
          );
          expect(value).toBeLessThanOrEqual(unrefundedPaid(order, l));
          expect(value).toBeLessThanOrEqual(refundableMinor(received.order));
          order = value > 0 ? refundReturn(received.order, `ret${i}`).order : received.order;
        }
        expect(order.totalMinor - (order.refunds ?? []).reduce((s, r) => s + r.amountMinor, 0)).toBeGreaterThanOrEqual(
          0,
        );
      }),
      { numRuns: 300 },
    );
  });
});
