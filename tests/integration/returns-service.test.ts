import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Order } from "~/domain/commerce";
import type { ProductInput } from "~/domain/product";
import type { MailMessage } from "~/server/mail/port";
import { createTestCardProcessor } from "~/server/payments/test-card-processor.server";
import type { AdminChange } from "~/server/services/orders/admin-orders.server";
import { createOrdersService, type OrdersService } from "~/server/services/orders/orders.server";
import { createReturnsService } from "~/server/services/orders/returns.server";
import type { Store } from "~/server/store/port";
import { STORE_ADAPTERS } from "../contract/adapters";
import { lineFor, makeOrder } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";

// A return from request to refund on both backends: only within the window after delivery,
// each step e-mailed and audited, the refund restocking exactly what was chosen on receipt.

const ADMIN = "returns@hemline.test";
const DAY = 24 * 60 * 60 * 1000;

describe.each(STORE_ADAPTERS)("returns: $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let sent: MailMessage[];
  let audit: AdminChange[];
  let product: ProductInput;
  let clock: Date;

  beforeEach(async () => {
    ({ store, dispose } = await adapter.create());
    sent = [];
    audit = [];
    clock = new Date();
    const made = makeProduct({ priceMinor: 3000 });
    product = { ...made, variants: made.variants.map((v) => ({ ...v, stock: 5 })) };
    await store.products.upsertMany([product]);
  });
  afterEach(async () => {
    await dispose();
  });

  let processorRefunds: number[];
  let released: string[][];
  let orders: OrdersService;
  const services = () => {
    const mailer = { kind: "outbox" as const, send: async (m: MailMessage) => void sent.push(m) };
    const processor = createTestCardProcessor({ keys: store.paymentKeys });
    processorRefunds = [];
    released = [];
    orders = createOrdersService({
      store,
      secret: "test-secret-long-enough-0123456789",
      shopName: "Hemline",
      mailer,
      // Counts what is sent to the processor: a return worth nothing sends nothing.
      payments: {
        ...processor,
        refund: async (payment, amountMinor, key) => {
          processorRefunds.push(amountMinor);
          return processor.refund(payment, amountMinor, key);
        },
      },
    });
    return createReturnsService({
      store,
      orders,
      secret: "test-secret-long-enough-0123456789",
      shopName: "Hemline",
      supportEmail: "care@hemline.test",
      publicOrigin: "https://shop.test",
      returnsWindowDays: 30,
      mailer,
      audit: async (c) => void audit.push(c),
      now: () => clock,
      onStockReleased: async (ids) => void released.push(ids),
    });
  };

  async function deliveredOrder(deliveredAt: Date, lines = [lineFor(product, "M", "Black", 2)]): Promise<Order> {
    const made = makeOrder(lines);
    const discountMinor = lines.reduce((sum, l) => sum + (l.discountMinor ?? 0), 0);
    const placed = await store.orders.place(
      { ...made, discountMinor, totalMinor: made.totalMinor - discountMinor },
      { cartId: null },
    );
    if (placed.kind !== "placed") throw new Error(placed.kind);
    const at = deliveredAt.toISOString();
    const done = await store.orders.transition(placed.order.id, {
      from: ["pending_payment"],
      to: "delivered",
      event: { status: "delivered", at, note: null, by: "system" },
      stock: "none",
      patch: { payment: { ...placed.order.payment, state: "succeeded", reference: "tc_1" } },
    });
    if (done.kind !== "ok") throw new Error(done.kind);
    return done.order;
  }

  const stock = async () =>
    (await store.products.get(product.id))!.variants.find((v) => v.size === "M" && v.colour === "Black")!.stock;

  it("requested, approved, received with restock, refunded: statuses, e-mails, audit and stock", async () => {
    const order = await deliveredOrder(new Date(clock.getTime() - 3 * DAY));
    const returns = services();
    const sku = order.lines[0].sku;
    expect(await stock()).toBe(3);

    const started = await returns.request(order.id, { lines: [{ sku, quantity: 1 }], reason: "Too small" });
    if (!started.ok) throw new Error(started.message);
    expect(started.request).toMatchObject({ number: `R-${order.number}-1`, status: "requested" });
    expect(sent.at(-1)?.subject).toBe(`Your Hemline return R-${order.number}-1: how to send it`);

    const id = started.request.id;
    expect(await returns.advance(order.id, id, "received", ADMIN, { message: null })).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await returns.advance(order.id, id, "approved", ADMIN, { message: "Send it by post" })).toMatchObject({
      ok: true,
      request: { status: "approved", message: "Send it by post" },
    });
    await returns.advance(order.id, id, "received", ADMIN, { message: null, restock: { [sku]: true } });
    const refunded = await returns.refund(order.id, id, ADMIN);
    expect(refunded).toMatchObject({
      ok: true,
      request: { status: "refunded" },
      order: { status: "partially_refunded" },
    });
    expect(await stock()).toBe(4);
    const stored = (await store.orders.get(order.id))!;
    expect(stored.refunds).toMatchObject([{ amountMinor: 3000, returnId: id, state: "succeeded" }]);
    expect(await returns.refund(order.id, id, ADMIN)).toMatchObject({ ok: false, status: 400 });
    expect(audit.map((a) => a.summary)).toEqual([
      `Return R-${order.number}-1: requested → approved`,
      `Return R-${order.number}-1: approved → received`,
      `Return R-${order.number}-1: received → refunded`,
    ]);
    expect(sent.map((m) => m.subject)).toContain(`Your Hemline return R-${order.number}-1 has been refunded`);
  });

  it("refunds a discounted line's units at what was paid for them, the returns adding up to the line", async () => {
    // 2 × €30.00 with €10.01 off the line: the line paid €49.99, shared 24.99 + 25.00.
    const order = await deliveredOrder(new Date(clock.getTime() - DAY), [
      { ...lineFor(product, "M", "Black", 2), discountMinor: 1001 },
    ]);
    const returns = services();
    const sku = order.lines[0].sku;
    const amounts: number[] = [];
    for (const reason of ["Too small", "Too big"]) {
      const started = await returns.request(order.id, { lines: [{ sku, quantity: 1 }], reason });
      if (!started.ok) throw new Error(started.message);
      await returns.advance(order.id, started.request.id, "approved", ADMIN, { message: null });
      await returns.advance(order.id, started.request.id, "received", ADMIN, { message: null, restock: {} });
      const refunded = await returns.refund(order.id, started.request.id, ADMIN);
      if (!refunded.ok) throw new Error(refunded.message);
      amounts.push(refunded.order.refunds!.at(-1)!.amountMinor);
    }
    expect(amounts).toEqual([2499, 2500]);
    const stored = (await store.orders.get(order.id))!;
    expect(stored).toMatchObject({ status: "partially_refunded", totalMinor: 4999 + 495 });
  });

  /** Request, approve and receive a return of `quantity` units of the order's first line. */
  async function receivedReturn(
    returns: ReturnType<typeof services>,
    order: Order,
    quantity: number,
    restock: boolean,
  ) {
    const sku = order.lines[0].sku;
    const started = await returns.request(order.id, { lines: [{ sku, quantity }], reason: "Does not fit" });
    if (!started.ok) throw new Error(started.message);
    await returns.advance(order.id, started.request.id, "approved", ADMIN, { message: null });
    await returns.advance(order.id, started.request.id, "received", ADMIN, {
      message: null,
      restock: { [sku]: restock },
    });
    return started.request;
  }

  it("closes a received return of units a promotion made free: €0 recorded without the processor, restocked, e-mailed, audited", async () => {
    // 2 × €30.00, the whole line free with a promotion: the order paid only its delivery.
    const order = await deliveredOrder(new Date(clock.getTime() - DAY), [
      { ...lineFor(product, "M", "Black", 2), discountMinor: 6000 },
    ]);
    const returns = services();
    const request = await receivedReturn(returns, order, 1, true);
    expect(await stock()).toBe(3);

    const closed = await returns.refund(order.id, request.id, ADMIN);
    expect(closed).toMatchObject({ ok: true, request: { status: "refunded" }, order: { status: "delivered" } });
    expect(processorRefunds).toEqual([]);
    expect(await stock()).toBe(4);
    expect(released).toEqual([[product.id]]);
    const stored = (await store.orders.get(order.id))!;
    expect(stored.refunds).toMatchObject([
      {
        amountMinor: 0,
        state: "succeeded",
        reference: null,
        returnId: request.id,
        lines: [{ quantity: 1, restock: true }],
      },
    ]);
    expect(stored.returns![0]).toMatchObject({ status: "refunded", refundId: stored.refunds![0].id });
    expect(stored.history.at(-1)).toMatchObject({
      status: null,
      note: `Return ${request.number} closed: nothing to refund`,
    });
    expect(audit.at(-1)?.summary).toBe(`Return ${request.number}: received → refunded`);
    expect(sent.at(-1)?.subject).toBe(`Your Hemline return ${request.number} is complete`);
    expect(sent.at(-1)?.text).toContain("There is nothing to refund for it");
    // Once only: nothing is restocked twice.
    expect(await returns.refund(order.id, request.id, ADMIN)).toMatchObject({ ok: false, status: 400 });
    expect(await stock()).toBe(4);
  });

  it("closes a received return at €0 when the order has meanwhile been refunded in full, instead of failing", async () => {
    const order = await deliveredOrder(new Date(clock.getTime() - DAY));
    const returns = services();
    const request = await receivedReturn(returns, order, 1, true);
    // The back office refunds everything that was paid, naming the other unit.
    const full = await orders.refund(
      order.id,
      {
        amountMinor: order.totalMinor,
        reason: "Goodwill",
        lines: [{ sku: order.lines[0].sku, quantity: 1, restock: false }],
      },
      ADMIN,
    );
    if (!full.ok) throw new Error(full.message);
    expect(full.order.status).toBe("refunded");
    expect(processorRefunds).toEqual([order.totalMinor]);

    const closed = await returns.refund(order.id, request.id, ADMIN);
    expect(closed).toMatchObject({ ok: true, request: { status: "refunded" }, order: { status: "refunded" } });
    expect(processorRefunds).toEqual([order.totalMinor]);
    expect(await stock()).toBe(4);
    const stored = (await store.orders.get(order.id))!;
    expect(stored.refunds!.map((r) => r.amountMinor)).toEqual([order.totalMinor, 0]);
    expect(sent.at(-1)?.subject).toBe(`Your Hemline return ${request.number} is complete`);
  });

  it("refuses outside the window and for undelivered orders, and more units than bought", async () => {
    const returns = services();
    const old = await deliveredOrder(new Date(clock.getTime() - 31 * DAY));
    const sku = old.lines[0].sku;
    expect(await returns.request(old.id, { lines: [{ sku, quantity: 1 }], reason: "Late" })).toEqual({
      ok: false,
      status: 400,
      message: "Returns are accepted within 30 days of delivery, and this order was delivered longer ago.",
    });
    const recent = await deliveredOrder(new Date(clock.getTime() - DAY));
    expect(await returns.request(recent.id, { lines: [{ sku, quantity: 3 }], reason: "x" })).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringMatching(/^Only 2 of /),
    });
    const placed = await store.orders.place(makeOrder([lineFor(product, "M", "Black", 1)]), { cartId: null });
    if (placed.kind !== "placed") throw new Error(placed.kind);
    expect(await returns.request(placed.order.id, { lines: [{ sku, quantity: 1 }], reason: "x" })).toMatchObject({
      ok: false,
      status: 400,
      message: "A return can be started once the order has been delivered.",
    });
  });
});
