import { createShippingService } from "~/server/services/shipping/shipping.server";
import { checkoutServices } from "../support/checkout-services";
import Stripe from "stripe";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { checkoutInput } from "../support/order-factory";
import type { Mailer, MailMessage } from "~/server/mail/port";
import type { PaymentProcessor } from "~/server/payments/port";
import { createStripeProcessor } from "~/server/payments/stripe-processor.server";
import { createTestCardProcessor } from "~/server/payments/test-card-processor.server";
import { createCartService } from "~/server/services/cart/cart.server";
import {
  createCheckoutService,
  type CheckoutFaults,
  type CheckoutInput,
} from "~/server/services/checkout/checkout.server";
import {
  createOrdersService,
  PAYMENT_EXPIRED_MESSAGE,
  RECOVERED_PAYMENT_NOTE,
} from "~/server/services/orders/orders.server";
import type { Store } from "~/server/store/port";
import type { ProductInput } from "~/domain/product";
import type { Order } from "~/domain/commerce";
import { STORE_ADAPTERS, useFreshStore } from "../contract/adapters";
import { makeProduct } from "../support/product-factory";

// A payment interrupted: the process dies after the order is placed, after the card was charged
// and before that was recorded, or when Stripe's webhook arrives. A crash is a fault that throws
// (nothing after it runs); the restart is a fresh set of services on a reopened store. After it the
// order is never lost, never charged twice, never released if it was paid, and what the shopper
// sees is what the processor knows.

const RATES = { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 };
const GOOD = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" };
const SECRET = "test-secret-that-is-long-enough-0123456789";
const MINUTE = 60_000;

class Crash extends Error {}
const crash = () => {
  throw new Crash("the process died here");
};

describe.each(STORE_ADAPTERS)("a payment interrupted on $name", (adapter) => {
  const db = useFreshStore(adapter);
  let shirt: ProductInput;
  let mails: MailMessage[];
  const mailer: Mailer = { kind: "outbox", send: async (m) => void mails.push(m) };

  /** One shop process on `store`: its services, its clock `minutes` after now, its crash points. */
  function shopOn(
    store: Store,
    options: { faults?: CheckoutFaults; minutes?: number; payments?: PaymentProcessor } = {},
  ) {
    const at = Date.now() + (options.minutes ?? 0) * MINUTE;
    const payments = options.payments ?? createTestCardProcessor({ keys: store.paymentKeys, clock: () => at });
    const cart = createCartService({ store, shipping: createShippingService({ store, rates: RATES }) });
    const orders = createOrdersService({
      store,
      secret: SECRET,
      shopName: "Hemline",
      mailer,
      now: () => new Date(at),
      pendingPaymentExpiryMs: 30 * MINUTE,
      payments,
    });
    const checkout = createCheckoutService({
      store,
      cart,
      orders,
      payments,
      ...checkoutServices(store, RATES),
      faults: options.faults,
    });
    return { store, cart, orders, checkout, payments };
  }

  const input = (overrides: Partial<CheckoutInput> = {}): CheckoutInput => checkoutInput(overrides);

  const stock = async (store: Store) => (await store.products.get(shirt.id))!.variants[0].stock;
  const keyOf = (shop: ReturnType<typeof shopOn>, order: Order) =>
    new URL(shop.orders.linkFor(order), "http://x").searchParams.get("key");
  /** What the test card processor has on record for an order's attempt. */
  const charged = (shop: ReturnType<typeof shopOn>, order: Order, attempt: number) =>
    shop.payments.checkPayment({ idempotencyKey: `${order.id}:${attempt}`, reference: null });

  /** Places a two-shirt order on a shop that dies at `fault`; returns the order the store kept. */
  async function placeAndDie(faults: CheckoutFaults, form: CheckoutInput, stockLeft = 3) {
    const doomed = shopOn(db.store, { faults });
    await doomed.cart.add(form.cartId!, { productId: shirt.id, size: "M", colour: "Black", quantity: 2 });
    await expect(doomed.checkout.placeOrder(form)).rejects.toThrow(Crash);
    const restarted = await db.reopen();
    // Never lost: the order is in the store, holding its stock, awaiting payment.
    const kept = await restarted.orders.findByIdempotencyKey(form.idempotencyKey);
    expect(kept).toMatchObject({ status: "pending_payment", payment: { state: "pending" } });
    expect(await stock(restarted)).toBe(stockLeft);
    return { restarted, order: kept! };
  }

  beforeEach(async () => {
    mails = [];
    shirt = makeProduct({
      priceMinor: 3000,
      variants: [{ size: "M", colour: "Black", sku: "INT-M-BLACK", stock: 5 }],
      colours: [{ name: "Black", hex: "#111111" }],
      sizes: ["M"],
    });
    await db.store.products.upsertMany([shirt]);
  });

  it("died after the charge, before recording it: the shopper's reload shows it paid, with one charge and its stock taken once", async () => {
    const form = input();
    const { restarted, order } = await placeAndDie({ afterCharged: crash }, form);
    const shop = shopOn(restarted);
    const atProcessor = await charged(shop, order, 1);
    expect(atProcessor).toMatchObject({ state: "succeeded" });

    // The browser posts the same form again (a reload): the order it placed, found paid at the processor.
    const replay = await shop.checkout.placeOrder(form);
    expect(replay).toMatchObject({ kind: "done", order: { id: order.id, status: "paid" } });
    const paid = (await restarted.orders.get(order.id))!;
    expect(paid.payment).toMatchObject({
      state: "succeeded",
      attempts: 1,
      cardLast4: "4242",
      reference: atProcessor.state === "succeeded" ? atProcessor.reference : "?",
    });
    expect(paid.history.filter((e) => e.status === "paid")).toEqual([
      expect.objectContaining({ note: RECOVERED_PAYMENT_NOTE }),
    ]);
    // One charge: nothing under a second attempt's key; the shopper's reload again changes nothing.
    expect(await charged(shop, order, 2)).toEqual({ state: "unknown" });
    expect(await shop.checkout.placeOrder(form)).toMatchObject({ kind: "done", order: { status: "paid" } });
    expect(await stock(restarted)).toBe(3);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining(order.number)]);
  });

  it("died after the charge and nobody came back: the next sweep marks it paid, and it is never released as unpaid", async () => {
    const first = await placeAndDie({ afterCharged: crash }, input());
    // Two minutes later any instance's sweep asks the processor, and records the charge.
    expect(await shopOn(first.restarted, { minutes: 2 }).orders.expireUnpaid()).toBe(0);
    expect((await first.restarted.orders.get(first.order.id))!.status).toBe("paid");

    // Another, whose shopper opens the order's link only after the expiry window: paid, not released.
    const second = await placeAndDie({ afterCharged: crash }, input({ cartId: "guest:def" }), 1);
    const late = shopOn(second.restarted, { minutes: 45 });
    const seen = await late.orders.forViewer(second.order.id, { userId: null, key: keyOf(late, second.order) });
    expect(seen).toMatchObject({ status: "paid", payment: { state: "succeeded" } });
    expect(await late.orders.expireUnpaid()).toBe(0);
    expect(await stock(second.restarted)).toBe(1);
    // The two confirmations.
    expect(mails).toHaveLength(2);
  });

  it("died before the charge: the reload charges it once; unreloaded, the sweep releases it after the window, and paying again charges once", async () => {
    const form = input();
    const first = await placeAndDie({ afterOrderPlaced: crash }, form);
    const shop = shopOn(first.restarted);
    expect(await charged(shop, first.order, 1)).toEqual({ state: "unknown" });
    const replay = await shop.checkout.placeOrder(form);
    expect(replay).toMatchObject({ kind: "done", order: { id: first.order.id, status: "paid" } });
    expect(await charged(shop, first.order, 1)).toMatchObject({ state: "succeeded" });
    expect(await charged(shop, first.order, 2)).toEqual({ state: "unknown" });
    expect(await stock(first.restarted)).toBe(3);

    // Nobody reloads this one: nothing was charged, so the sweep keeps it within the window and releases it after.
    const second = await placeAndDie({ afterOrderPlaced: crash }, input({ cartId: "guest:def" }), 1);
    expect(await stock(second.restarted)).toBe(1);
    expect(await shopOn(second.restarted, { minutes: 2 }).orders.expireUnpaid()).toBe(0);
    expect((await second.restarted.orders.get(second.order.id))!.status).toBe("pending_payment");
    const later = shopOn(second.restarted, { minutes: 31 });
    expect(await later.orders.expireUnpaid()).toBe(1);
    const expired = (await second.restarted.orders.get(second.order.id))!;
    expect(expired).toMatchObject({ status: "payment_failed", payment: { failureMessage: PAYMENT_EXPIRED_MESSAGE } });
    expect(await stock(second.restarted)).toBe(3);
    // The shopper pays it again from the order page: one charge in all.
    expect(await later.checkout.retryPayment(expired, GOOD, "https://shop.test")).toMatchObject({
      kind: "done",
      order: { status: "paid" },
    });
    expect(await charged(later, second.order, 1)).toMatchObject({ state: "succeeded" });
    expect(await charged(later, second.order, 2)).toEqual({ state: "unknown" });
    expect(await stock(second.restarted)).toBe(1);
    // Two confirmations, and the released order's "payment failed" e-mail between them.
    expect(mails).toHaveLength(3);
  });

  describe("Stripe", () => {
    const webhookSecret = "whsec_test_secret";
    /** Stripe as the SDK sees it: sessions made here, and what each says when asked. */
    let sessions: Map<string, { payment_status: string; status: string } | Error>;
    let client: Stripe;
    beforeEach(() => {
      sessions = new Map();
      client = new Stripe("sk_test_dummy");
      let n = 0;
      vi.spyOn(client.checkout.sessions, "create").mockImplementation((async () => {
        const id = `cs_test_${++n}`;
        sessions.set(id, { payment_status: "unpaid", status: "open" });
        return { id, url: `https://checkout.stripe.com/c/pay/${id}` };
      }) as never);
      vi.spyOn(client.checkout.sessions, "retrieve").mockImplementation((async (id: string) => {
        const session = sessions.get(id);
        if (session instanceof Error) throw session;
        return { id, object: "checkout.session", ...session };
      }) as never);
    });
    const stripeShop = (store: Store, options: { faults?: CheckoutFaults; minutes?: number } = {}) =>
      shopOn(store, {
        ...options,
        payments: createStripeProcessor({ secretKey: "sk_test_dummy", webhookSecret, client }),
      });
    const paidWebhook = (order: Order, session: string) => {
      const payload = JSON.stringify({
        id: `evt_${session}`,
        object: "event",
        type: "checkout.session.completed",
        data: {
          object: {
            id: session,
            object: "checkout.session",
            payment_status: "paid",
            metadata: { orderId: order.id },
          },
        },
      });
      return { payload, signature: client.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
    };

    /** The shopper is sent to Stripe and pays there; returns the order and its session. */
    async function paidAtStripe(store: Store, cartId: string, quantity = 2) {
      const shop = stripeShop(store, { faults: { webhookReceived: crash } });
      await shop.cart.add(cartId, { productId: shirt.id, size: "M", colour: "Black", quantity });
      const started = await shop.checkout.placeOrder(input({ cartId, card: null }));
      if (started.kind !== "redirect") throw new Error(`expected a redirect, got ${started.kind}`);
      const session = (await store.orders.get(started.order.id))!.payment.reference!;
      sessions.set(session, { payment_status: "paid", status: "complete" });
      return { shop, order: started.order, session };
    }

    it("died when the webhook came: the shopper back from Stripe sees it paid, and Stripe's retried webhook changes nothing", async () => {
      const { shop, order, session } = await paidAtStripe(db.store, "guest:abc");
      const webhook = paidWebhook(order, session);
      expect(() => shop.checkout.parseWebhook(webhook.payload, webhook.signature)).toThrow(Crash);

      const restarted = stripeShop(await db.reopen());
      expect((await restarted.store.orders.get(order.id))!.status).toBe("pending_payment");
      const seen = await restarted.orders.forViewer(order.id, { userId: null, key: keyOf(restarted, order) });
      expect(seen).toMatchObject({ status: "paid", payment: { state: "succeeded", reference: session } });
      // Stripe retries the webhook it could not deliver: nothing more happens.
      const event = restarted.checkout.parseWebhook(webhook.payload, webhook.signature);
      expect(await restarted.orders.applyPaymentEvent(event, "https://shop.test")).toBe("unchanged");
      const paid = (await restarted.store.orders.get(order.id))!;
      expect(paid.history.filter((e) => e.status === "paid")).toHaveLength(1);
      expect(await stock(restarted.store)).toBe(3);
      expect(mails).toHaveLength(1);
    });

    it("no webhook within the window: the sweep asks Stripe, marks a paid session paid, releases an expired one, waits while Stripe is silent", async () => {
      const paid = await paidAtStripe(db.store, "guest:abc", 1);
      const unpaid = await paidAtStripe(db.store, "guest:def", 1);
      sessions.set(unpaid.session, { payment_status: "unpaid", status: "expired" });
      const unreachable = await paidAtStripe(db.store, "guest:ghi", 1);
      sessions.set(unreachable.session, new Error("connect ECONNREFUSED api.stripe.com"));
      const store = await db.reopen();
      expect(await stock(store)).toBe(2);

      const sweeper = stripeShop(store, { minutes: 31 });
      await sweeper.orders.expireUnpaid();
      expect(await store.orders.get(paid.order.id)).toMatchObject({
        status: "paid",
        payment: { state: "succeeded", reference: paid.session },
      });
      expect((await store.orders.get(unpaid.order.id))!.status).toBe("payment_failed");
      // Stripe could not say: the money may be taken, so the order keeps its stock until it can.
      expect((await store.orders.get(unreachable.order.id))!.status).toBe("pending_payment");
      expect(await stock(store)).toBe(3);
      // Stripe answers again and says it was paid: the next sweep records it.
      sessions.set(unreachable.session, { payment_status: "paid", status: "complete" });
      expect(await stripeShop(store, { minutes: 32 }).orders.expireUnpaid()).toBe(0);
      expect((await store.orders.get(unreachable.order.id))!.status).toBe("paid");
      expect(await stock(store)).toBe(3);
      // The paid orders' confirmations, and the released one's "payment failed" e-mail.
      expect(mails).toHaveLength(3);
    });
  });
});
