import { createShippingService } from "~/server/services/shipping/shipping.server";
import { checkoutServices } from "../support/checkout-services";
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Mailer, MailMessage } from "~/server/mail/port";
import { createStripeProcessor } from "~/server/payments/stripe-processor.server";
import { createTestCardProcessor } from "~/server/payments/test-card-processor.server";
import { createCartService, type CartService } from "~/server/services/cart/cart.server";
import {
  createCheckoutService,
  type CheckoutInput,
  type CheckoutService,
} from "~/server/services/checkout/checkout.server";
import { createOrdersService, type OrdersService } from "~/server/services/orders/orders.server";
import type { Store } from "~/server/store/port";
import type { ProductInput } from "~/domain/product";
import { checkoutInput } from "../support/order-factory";
import { STORE_ADAPTERS } from "../contract/adapters";
import { makeProduct } from "../support/product-factory";
import { invoiceOf } from "~/domain/invoice";

// Cart → checkout → payment → orders on every real store, with the built-in card processor.

const RATES = { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 };
const GOOD = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" };
const DECLINED = { ...GOOD, number: "4000000000000002" };
const NO_FUNDS = { ...GOOD, number: "4000000000009995" };

describe.each(STORE_ADAPTERS)("checkout on $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let cart: CartService;
  let orders: OrdersService;
  let checkout: CheckoutService;
  let sent: MailMessage[];
  let shirt: ProductInput;

  const input = (overrides: Partial<CheckoutInput> = {}): CheckoutInput => checkoutInput(overrides);

  async function stock(size: string, colour: string) {
    return (await store.products.get(shirt.id))!.variants.find((v) => v.size === size && v.colour === colour)!.stock;
  }

  beforeEach(async () => {
    ({ store, dispose } = await adapter.create());
    sent = [];
    const mailer: Mailer = { kind: "outbox", send: async (m) => void sent.push(m) };
    shirt = makeProduct({ priceMinor: 3000, compareAtMinor: 4000 });
    shirt = { ...shirt, variants: shirt.variants.map((v) => ({ ...v, stock: v.size === "L" ? 1 : 5 })) };
    await store.products.upsertMany([shirt]);
    cart = createCartService({ store, shipping: createShippingService({ store, rates: RATES }) });
    orders = createOrdersService({
      store,
      secret: "test-secret-that-is-long-enough-0123456789",
      shopName: "Hemline",
      mailer,
      payments: createTestCardProcessor({ keys: store.paymentKeys }),
    });
    checkout = createCheckoutService({
      store,
      cart,
      orders,
      payments: createTestCardProcessor({ keys: store.paymentKeys }),
      ...checkoutServices(store, RATES),
    });
  });
  afterEach(async () => {
    await dispose();
  });

  it("prices the cart from the catalogue: savings, shipping estimate and the way to free shipping", async () => {
    expect(await cart.add("guest:abc", { productId: shirt.id, size: "M", colour: "Black", quantity: 2 })).toMatchObject(
      { ok: true },
    );
    const view = await cart.view("guest:abc");
    expect(view).toMatchObject({
      itemCount: 2,
      subtotalMinor: 6000,
      savingsMinor: 2000,
      standardShippingMinor: 495,
      freeShippingRemainingMinor: 1500,
      hasProblems: false,
    });
    await cart.add("guest:abc", { productId: shirt.id, size: "S", colour: "Sage", quantity: 1 });
    expect(await cart.view("guest:abc")).toMatchObject({
      subtotalMinor: 9000,
      standardShippingMinor: 0,
      freeShippingRemainingMinor: 0,
    });
  });

  it("refuses what cannot be bought, with the reason", async () => {
    expect(await cart.add("guest:abc", { productId: "nope", size: "M", colour: "Black", quantity: 1 })).toMatchObject({
      ok: false,
      field: "product",
    });
    expect(
      await cart.add("guest:abc", { productId: shirt.id, size: "XXL", colour: "Black", quantity: 1 }),
    ).toMatchObject({ ok: false, field: "size" });
    expect(
      await cart.add("guest:abc", { productId: shirt.id, size: "M", colour: "Purple", quantity: 1 }),
    ).toMatchObject({ ok: false, field: "colour" });
    expect(await cart.add("guest:abc", { productId: shirt.id, size: "L", colour: "Black", quantity: 2 })).toEqual({
      ok: false,
      field: "quantity",
      message: "Only 1 left in Black, size L.",
    });
    await cart.add("guest:abc", { productId: shirt.id, size: "M", colour: "Black", quantity: 5 });
    expect(await cart.add("guest:abc", { productId: shirt.id, size: "M", colour: "Black", quantity: 1 })).toMatchObject(
      { ok: false, field: "quantity", message: expect.stringContaining("you already have 5") },
    );
    expect(await cart.count("guest:abc")).toBe(5);
  });

  it("flags a line whose stock dropped after it was added, with what can still be bought", async () => {
    await cart.add("guest:abc", { productId: shirt.id, size: "M", colour: "Black", quantity: 4 });
    await store.products.upsertMany([
      {
        ...shirt,
        variants: shirt.variants.map((v) => (v.size === "M" && v.colour === "Black" ? { ...v, stock: 2 } : v)),
      },
    ]);
    const view = await cart.view("guest:abc");
    expect(view.lines[0].problem).toEqual({ kind: "reduced", available: 2 });
    expect(view.hasProblems).toBe(true);
    const result = await checkout.placeOrder(input());
    expect(result).toMatchObject({
      kind: "sold-out",
      shortfalls: [{ name: shirt.name, size: "M", colour: "Black", requested: 4, available: 2 }],
    });
    expect((await store.orders.list({ limit: 5, offset: 0 })).total).toBe(0);
  });

  it("merges the guest cart into the user's at sign-in, adding quantities capped by stock", async () => {
    await cart.add("user:u1", { productId: shirt.id, size: "M", colour: "Black", quantity: 3 });
    await cart.add("guest:abc", { productId: shirt.id, size: "M", colour: "Black", quantity: 4 });
    await cart.add("guest:abc", { productId: shirt.id, size: "L", colour: "Sage", quantity: 1 });
    await cart.merge("guest:abc", "user:u1");
    const merged = await cart.view("user:u1");
    expect(merged.lines.map((l) => [l.size, l.colour, l.quantity])).toEqual([
      ["M", "Black", 5],
      ["L", "Sage", 1],
    ]);
    expect(await cart.view("guest:abc")).toMatchObject({ lines: [], id: null });
  });

  it("places and pays an order: snapshot of every line, stock taken, cart emptied, confirmation mailed", async () => {
    await cart.add("guest:abc", { productId: shirt.id, size: "M", colour: "Black", quantity: 2 });
    const result = await checkout.placeOrder(input({ shippingMethod: "express" }));
    expect(result.kind).toBe("done");
    if (result.kind !== "done") return;
    expect(result.order).toMatchObject({
      status: "paid",
      email: "ada@example.com",
      subtotalMinor: 6000,
      shippingMinor: 995,
      totalMinor: 6995,
      lines: [
        {
          productId: shirt.id,
          name: shirt.name,
          size: "M",
          colour: "Black",
          unitPriceMinor: 3000,
          compareAtMinor: 4000,
          quantity: 2,
        },
      ],
      payment: { processor: "test-card", state: "succeeded", cardBrand: "Visa", cardLast4: "4242", attempts: 1 },
    });
    expect(JSON.stringify(result.order)).not.toContain("4242424242424242");
    expect(result.order.history.map((e) => e.status)).toEqual(["pending_payment", "paid"]);
    // The first invoice of the year, whose rows add up to what was paid and its VAT.
    expect(result.order.invoiceNumber).toBe(`INV-${new Date().getUTCFullYear()}-000001`);
    const invoice = invoiceOf(result.order)!;
    expect(invoice.totalMinor).toBe(6995);
    expect(invoice.vatMinor).toBe(result.order.vatMinor);
    expect(invoice.netMinor + invoice.vatMinor).toBe(invoice.totalMinor);
    expect(await stock("M", "Black")).toBe(3);
    expect(await cart.count("guest:abc")).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: "ada@example.com",
      subject: `Your Hemline order ${result.order.number} is confirmed`,
    });
    expect(sent[0].text).toContain(`https://shop.test${orders.linkFor(result.order)}`);
  });

  it("replaying the same checkout returns the first order and charges once", async () => {
    await cart.add("guest:abc", { productId: shirt.id, size: "M", colour: "Black", quantity: 1 });
    const form = input();
    const results = await Promise.all([
      checkout.placeOrder(form),
      checkout.placeOrder(form),
      checkout.placeOrder(form),
    ]);
    const ids = new Set(results.map((r) => (r.kind === "done" || r.kind === "payment-failed" ? r.order.id : r.kind)));
    expect(ids.size).toBe(1);
    expect((await store.orders.list({ limit: 5, offset: 0 })).total).toBe(1);
    expect(await stock("M", "Black")).toBe(4);
    expect(sent).toHaveLength(1);
  });

  it("a declined card leaves a 'payment failed' order with its stock released; another card pays it", async () => {
    await cart.add("guest:abc", { productId: shirt.id, size: "L", colour: "Black", quantity: 1 });
    const declined = await checkout.placeOrder(input({ card: DECLINED }));
    expect(declined).toMatchObject({ kind: "payment-failed", message: "Your card was declined." });
    if (declined.kind !== "payment-failed") return;
    expect(declined.order).toMatchObject({
      status: "payment_failed",
      payment: { state: "failed", cardLast4: "0002", failureMessage: "Your card was declined.", attempts: 1 },
    });
    expect(await stock("L", "Black")).toBe(1);
    expect(declined.order.invoiceNumber).toBeUndefined();
    // Each failed payment e-mails the customer a link to pay again.
    expect(sent.map((m) => m.subject)).toEqual([
      `The payment for your Hemline order ${declined.order.number} did not go through`,
    ]);

    const poor = await checkout.retryPayment(declined.order, NO_FUNDS, "https://shop.test");
    expect(poor).toMatchObject({ kind: "payment-failed", message: "Your card has insufficient funds." });
    expect(await stock("L", "Black")).toBe(1);

    const retried = await checkout.retryPayment(
      (await store.orders.get(declined.order.id))!,
      GOOD,
      "https://shop.test",
    );
    expect(retried.kind).toBe("done");
    const paid = (await store.orders.get(declined.order.id))!;
    expect(paid).toMatchObject({
      status: "paid",
      address: { name: "Ada Shopper" },
      payment: { attempts: 3, cardLast4: "4242" },
    });
    // Declined attempts took no invoice number: the one payment has the first.
    expect(paid.invoiceNumber).toBe(`INV-${new Date().getUTCFullYear()}-000001`);
    expect(paid.history.map((e) => e.status)).toEqual([
      "pending_payment",
      "payment_failed",
      "pending_payment",
      "payment_failed",
      "pending_payment",
      "paid",
    ]);
    expect(await stock("L", "Black")).toBe(0);
    expect(sent.map((m) => m.subject.replace(declined.order.number, "N"))).toEqual([
      "The payment for your Hemline order N did not go through",
      "The payment for your Hemline order N did not go through",
      "Your Hemline order N is confirmed",
    ]);
  });

  it("a retry after someone else bought the last unit says sold out and charges nothing", async () => {
    await cart.add("guest:abc", { productId: shirt.id, size: "L", colour: "Sage", quantity: 1 });
    const declined = await checkout.placeOrder(input({ card: DECLINED }));
    await cart.add("guest:other", { productId: shirt.id, size: "L", colour: "Sage", quantity: 1 });
    expect((await checkout.placeOrder(input({ cartId: "guest:other" }))).kind).toBe("done");
    if (declined.kind !== "payment-failed") throw new Error("expected a decline");
    const retry = await checkout.retryPayment(declined.order, GOOD, "https://shop.test");
    expect(retry).toMatchObject({ kind: "sold-out", shortfalls: [{ size: "L", colour: "Sage", available: 0 }] });
    expect((await store.orders.get(declined.order.id))!.status).toBe("payment_failed");
  });

  it("a guest cart untouched for 30 days has expired: empty, and checkout places nothing", async () => {
    let now = new Date("2026-10-01T10:00:00.000Z");
    const dated = createCartService({
      store,
      shipping: createShippingService({ store, rates: RATES }),
      now: () => now,
    });
    await dated.add("guest:old", { productId: shirt.id, size: "M", colour: "Black", quantity: 1 });
    now = new Date("2026-10-30T10:00:00.000Z");
    expect(await dated.count("guest:old")).toBe(1);
    now = new Date("2026-11-01T10:00:01.000Z");
    expect(await dated.count("guest:old")).toBe(0);
    expect(await store.carts.get("guest:old")).toBeNull();
    expect(await checkout.placeOrder(input({ cartId: "guest:old" }))).toEqual({ kind: "empty" });
  });

  it("an empty cart places nothing", async () => {
    expect(await checkout.placeOrder(input())).toEqual({ kind: "empty" });
    expect((await store.orders.list({ limit: 5, offset: 0 })).total).toBe(0);
  });

  it("shows an order to its owner and to the signed link only", async () => {
    await cart.add("user:u1", { productId: shirt.id, size: "S", colour: "Black", quantity: 1 });
    const result = await checkout.placeOrder(input({ cartId: "user:u1", userId: "u1" }));
    if (result.kind !== "done") throw new Error("expected an order");
    const id = result.order.id;
    expect(await orders.forViewer(id, { userId: "u1", key: null })).not.toBeNull();
    expect(await orders.forViewer(id, { userId: "u2", key: null })).toBeNull();
    expect(await orders.forViewer(id, { userId: null, key: "forged" })).toBeNull();
    const key = new URL(orders.linkFor(result.order, true), "https://x").searchParams.get("key");
    expect(await orders.forViewer(id, { userId: null, key })).not.toBeNull();
    const list = await orders.listForUser("u1", 1);
    expect(list).toMatchObject({ total: 1, pageCount: 1 });
  });

  it("back-office status changes restock exactly once and keep the timeline; a refund after shipping keeps the units off sale", async () => {
    await cart.add("guest:abc", { productId: shirt.id, size: "M", colour: "Sage", quantity: 2 });
    const result = await checkout.placeOrder(input());
    if (result.kind !== "done") throw new Error("expected an order");
    const id = result.order.id;
    expect(await stock("M", "Sage")).toBe(3);
    expect(await orders.changeStatus(id, "shipped", "owner@hemline.test", {})).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await orders.changeStatus(id, "delivered", "owner@hemline.test")).toMatchObject({ ok: false, status: 409 });
    expect(await orders.changeStatus(id, "shipped", "owner@hemline.test", { trackingNumber: "TRK123" })).toMatchObject({
      ok: true,
      order: { status: "shipped", trackingNumber: "TRK123" },
    });
    expect(await orders.changeStatus(id, "refunded", "owner@hemline.test", { note: "Too small" })).toMatchObject({
      ok: true,
      order: { status: "refunded", payment: { state: "refunded" } },
    });
    // The parcel left: its units never came back, so they stay off sale.
    expect(await stock("M", "Sage")).toBe(3);
    expect(await orders.changeStatus(id, "cancelled", "owner@hemline.test")).toMatchObject({ ok: false, status: 409 });
    expect(await stock("M", "Sage")).toBe(3);
    const order = (await store.orders.get(id))!;
    expect(order.history.slice(-2)).toMatchObject([
      { status: "shipped", note: "Tracking number TRK123", by: "owner@hemline.test" },
      { status: "refunded", note: "Refunded €64.95: Too small", by: "owner@hemline.test" },
    ]);
    expect(order.refunds).toMatchObject([
      {
        amountMinor: order.totalMinor,
        reason: "Too small",
        state: "succeeded",
        lines: [{ quantity: 2, restock: false }],
      },
    ]);
  });

  it("Stripe: a hosted Checkout Session for the priced order, then a signed webhook marks it paid; a bad signature is refused", async () => {
    const secret = "whsec_test_secret";
    const client = new Stripe("sk_test_dummy");
    // Stripe's API cannot be reached here: only the session call is answered locally.
    const create = vi
      .spyOn(client.checkout.sessions, "create")
      .mockResolvedValue({ id: "cs_test_1", url: "https://checkout.stripe.com/c/pay/cs_test_1" } as never);
    const stripe = createStripeProcessor({ secretKey: "sk_test_dummy", webhookSecret: secret, client });
    const hosted = createCheckoutService({ store, cart, orders, payments: stripe, ...checkoutServices(store, RATES) });
    await cart.add("guest:abc", { productId: shirt.id, size: "S", colour: "Sage", quantity: 1 });

    const started = await hosted.placeOrder(input({ card: null }));
    expect(started).toMatchObject({ kind: "redirect", url: "https://checkout.stripe.com/c/pay/cs_test_1" });
    if (started.kind !== "redirect") return;
    const [params] = create.mock.calls[0];
    expect(params).toMatchObject({
      mode: "payment",
      customer_email: "ada@example.com",
      client_reference_id: started.order.id,
      line_items: [
        { quantity: 1, price_data: { currency: "eur", unit_amount: 3000 } },
        { quantity: 1, price_data: { unit_amount: 495 } },
      ],
    });
    expect((await store.orders.get(started.order.id))!).toMatchObject({
      status: "pending_payment",
      payment: { processor: "stripe", reference: "cs_test_1" },
    });
    expect(await stock("S", "Sage")).toBe(4);

    const payload = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_test_1",
          object: "checkout.session",
          payment_status: "paid",
          client_reference_id: started.order.id,
          metadata: { orderId: started.order.id },
        },
      },
    });
    expect(() => stripe.parseWebhook(payload, "t=1,v1=forged")).toThrow();
    expect(() => stripe.parseWebhook(payload, null)).toThrow();
    const event = stripe.parseWebhook(payload, client.webhooks.generateTestHeaderString({ payload, secret }));
    expect(event).toEqual({ type: "paid", orderId: started.order.id, reference: "cs_test_1" });
    expect(await orders.applyPaymentEvent(event, "https://shop.test")).toBe("updated");
    expect(await orders.applyPaymentEvent(event, "https://shop.test")).toBe("unchanged");
    expect((await store.orders.get(started.order.id))!).toMatchObject({
      status: "paid",
      payment: { state: "succeeded", reference: "cs_test_1" },
    });
    expect(sent).toHaveLength(1);
  });

  it("Stripe: an expired session releases the order's stock", async () => {
    const secret = "whsec_test_secret";
    const client = new Stripe("sk_test_dummy");
    vi.spyOn(client.checkout.sessions, "create").mockResolvedValue({
      id: "cs_test_2",
      url: "https://checkout.stripe.com/c/pay/cs_test_2",
    } as never);
    const stripe = createStripeProcessor({ secretKey: "sk_test_dummy", webhookSecret: secret, client });
    const hosted = createCheckoutService({ store, cart, orders, payments: stripe, ...checkoutServices(store, RATES) });
    await cart.add("guest:abc", { productId: shirt.id, size: "L", colour: "Black", quantity: 1 });
    const started = await hosted.placeOrder(input({ card: null }));
    if (started.kind !== "redirect") throw new Error("expected a redirect");
    expect(await stock("L", "Black")).toBe(0);
    const payload = JSON.stringify({
      id: "evt_2",
      object: "event",
      type: "checkout.session.expired",
      data: { object: { id: "cs_test_2", object: "checkout.session", metadata: { orderId: started.order.id } } },
    });
    const event = stripe.parseWebhook(payload, client.webhooks.generateTestHeaderString({ payload, secret }));
    expect(await orders.applyPaymentEvent(event, "https://shop.test")).toBe("updated");
    expect((await store.orders.get(started.order.id))!.status).toBe("payment_failed");
    expect(await stock("L", "Black")).toBe(1);
  });
});
