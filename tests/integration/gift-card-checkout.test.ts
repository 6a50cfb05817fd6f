import { createShippingService } from "~/server/services/shipping/shipping.server";
import { checkoutServices, quietGiftCards } from "../support/checkout-services";
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Order } from "~/domain/commerce";
import { invoiceOf } from "~/domain/invoice";
import type { MailMessage, Mailer } from "~/server/mail/port";
import { createStripeProcessor } from "~/server/payments/stripe-processor.server";
import { createTestCardProcessor } from "~/server/payments/test-card-processor.server";
import { createCartService, type CartService } from "~/server/services/cart/cart.server";
import {
  createCheckoutService,
  type CheckoutInput,
  type CheckoutService,
} from "~/server/services/checkout/checkout.server";
import { createGiftCardsService, type GiftCardsService } from "~/server/services/gift-cards/gift-cards.server";
import { createOrdersService, type OrdersService } from "~/server/services/orders/orders.server";
import { createRefundsService } from "~/server/services/orders/refunds.server";
import type { Store } from "~/server/store/port";
import { checkoutInput } from "../support/order-factory";
import { STORE_ADAPTERS } from "../contract/adapters";
import { makeProduct } from "../support/product-factory";

// Paying with a gift card on every real store: the card pays up to its balance in the placement's
// transaction and the test card the rest; a card that cannot pay places and charges nothing.

const RATES = { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 };
const GOOD = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" };

describe.each(STORE_ADAPTERS)("gift cards at checkout on $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let cart: CartService;
  let checkout: CheckoutService;
  let giftCards: GiftCardsService;
  let orders: OrdersService;
  let shirtId: string;

  const input = (overrides: Partial<CheckoutInput> = {}): CheckoutInput =>
    checkoutInput({ ip: "203.0.113.9", ...overrides });

  beforeEach(async () => {
    ({ store, dispose } = await adapter.create());
    const mailer: Mailer = { kind: "outbox", send: async () => undefined };
    const shirt = makeProduct({ priceMinor: 3000 });
    shirtId = shirt.id;
    await store.products.upsertMany([{ ...shirt, variants: shirt.variants.map((v) => ({ ...v, stock: 5 })) }]);
    cart = createCartService({ store, shipping: createShippingService({ store, rates: RATES }) });
    const payments = createTestCardProcessor({ keys: store.paymentKeys });
    orders = createOrdersService({
      store,
      secret: "test-secret-that-is-long-enough-0123456789",
      shopName: "Hemline",
      mailer,
      payments,
    });
    giftCards = quietGiftCards(store);
    checkout = createCheckoutService({ store, cart, orders, payments, ...checkoutServices(store, RATES), giftCards });
    // Two shirts and standard delivery: €64.95.
    await cart.add("guest:abc", { productId: shirtId, size: "M", colour: "Black", quantity: 2 });
  });
  afterEach(async () => {
    await dispose();
  });

  it("a €50 card typed any which way pays €50 of €64.95, the test card the €14.95 rest; the ledger and the liability say so", async () => {
    const { card, code } = await giftCards.issue({
      amountMinor: 5000,
      recipientEmail: null,
      message: null,
      source: { kind: "admin", staffUid: null },
    });
    expect(await giftCards.outstandingIn("EUR")).toBe(5000);

    const result = await checkout.placeOrder(input({ giftCardCode: ` ${code.toLowerCase().replaceAll("-", " ")} ` }));
    expect(result.kind).toBe("done");
    const order = (result as { order: Order }).order;
    expect(order).toMatchObject({
      status: "paid",
      totalMinor: 6495,
      giftCardMinor: 5000,
      giftCard: { id: card.id, last4: card.last4 },
      payment: { state: "succeeded", cardLast4: "4242" },
    });
    // VAT stays on the full price: a gift card is a payment, not a discount; the invoice lists both payments.
    expect(order.discountMinor ?? 0).toBe(0);
    const invoice = invoiceOf(order)!;
    expect(invoice.totalMinor).toBe(6495);
    expect(invoice.vatMinor).toBe(order.vatMinor);
    expect(invoice.payments).toEqual([
      { method: "gift-card", last4: card.last4, amountMinor: 5000 },
      { method: "card", amountMinor: 1495 },
    ]);

    expect((await giftCards.get(card.id))!.balanceMinor).toBe(0);
    const ledger = await giftCards.ledger(card.id);
    expect(ledger.map((e) => [e.kind, e.amountMinor, e.orderId])).toEqual([
      ["issued", 5000, null],
      ["redeemed", 5000, order.id],
    ]);
    expect(await giftCards.outstandingIn("EUR")).toBe(0);

    // The spent card is refused on the next order, which is not placed.
    await cart.add("guest:abc", { productId: shirtId, size: "M", colour: "Black", quantity: 1 });
    expect(await checkout.placeOrder(input({ giftCardCode: code }))).toEqual({
      kind: "gift-card-refused",
      message: "This gift card has no balance left.",
    });
    expect((await store.orders.list({ limit: 10, offset: 0 })).total).toBe(1);
  });

  it("with Stripe Checkout a €50 card pays €50 when placed, Stripe's page charges the €14.95 rest as one line, its webhook pays the order", async () => {
    const secret = "whsec_test_secret";
    const client = new Stripe("sk_test_dummy");
    // Stripe's API cannot be reached here: only the session call is answered locally.
    const create = vi
      .spyOn(client.checkout.sessions, "create")
      .mockResolvedValue({ id: "cs_test_gift", url: "https://checkout.stripe.com/c/pay/cs_test_gift" } as never);
    const stripe = createStripeProcessor({ secretKey: "sk_test_dummy", webhookSecret: secret, client });
    const hosted = createCheckoutService({
      store,
      cart,
      orders,
      payments: stripe,
      ...checkoutServices(store, RATES),
      giftCards,
    });
    const { card, code } = await giftCards.issue({
      amountMinor: 5000,
      recipientEmail: null,
      message: null,
      source: { kind: "admin", staffUid: null },
    });

    const started = await hosted.placeOrder(input({ card: null, giftCardCode: code }));
    expect(started.kind).toBe("redirect");
    if (started.kind !== "redirect") return;
    expect(started.order).toMatchObject({ status: "pending_payment", totalMinor: 6495, giftCardMinor: 5000 });
    const params = create.mock.calls[0]?.[0] as Stripe.Checkout.SessionCreateParams;
    expect(params.line_items).toEqual([
      {
        quantity: 1,
        price_data: {
          currency: "eur",
          unit_amount: 1495,
          product_data: { name: `Order ${started.order.number}, less gift card ending ${card.last4}` },
        },
      },
    ]);
    // The card's part is held by the order while Stripe's page is open.
    expect((await giftCards.get(card.id))!.balanceMinor).toBe(0);

    const payload = JSON.stringify({
      id: "evt_gift",
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_test_gift",
          object: "checkout.session",
          payment_status: "paid",
          client_reference_id: started.order.id,
          metadata: { orderId: started.order.id },
        },
      },
    });
    const event = stripe.parseWebhook(payload, client.webhooks.generateTestHeaderString({ payload, secret }));
    expect(await orders.applyPaymentEvent(event, "https://shop.test")).toBe("updated");
    const paid = (await store.orders.get(started.order.id))!;
    expect(paid).toMatchObject({ status: "paid", giftCardMinor: 5000, payment: { reference: "cs_test_gift" } });
    expect(invoiceOf(paid)!.payments).toEqual([
      { method: "gift-card", last4: card.last4, amountMinor: 5000 },
      { method: "card", amountMinor: 1495 },
    ]);
    expect((await giftCards.ledger(card.id)).map((e) => [e.kind, e.amountMinor])).toEqual([
      ["issued", 5000],
      ["redeemed", 5000],
    ]);
  });

  it("refunds go back on the gift card first (ledger 'refunded'), the rest to the card processor", async () => {
    const { card, code } = await giftCards.issue({
      amountMinor: 5000,
      recipientEmail: null,
      message: null,
      source: { kind: "admin", staffUid: null },
    });
    const placed = await checkout.placeOrder(input({ giftCardCode: code }));
    const order = (placed as { order: Order }).order;
    const processor = createTestCardProcessor({ keys: store.paymentKeys });
    const sentToProcessor: number[] = [];
    const refunds = createRefundsService(store, {
      payments: {
        refund: (payment, amountMinor, key) => {
          sentToProcessor.push(amountMinor);
          return processor.refund(payment, amountMinor, key);
        },
      },
    });

    // €20 of the €64.95: all of it back on the gift card, nothing to the processor.
    const first = await refunds.refund(
      order.id,
      { amountMinor: 2000, reason: "Goodwill", lines: [] },
      "owner@hemline.test",
    );
    expect(first).toMatchObject({ ok: true, refund: { amountMinor: 2000, giftCardMinor: 2000, state: "succeeded" } });
    expect(sentToProcessor).toEqual([]);
    expect((await giftCards.get(card.id))!.balanceMinor).toBe(2000);

    // The remaining €44.95: €30 more on the card (it paid €50 in all), €14.95 to the processor.
    const rest = await refunds.refund(
      order.id,
      { amountMinor: 4495, reason: "Returned", lines: [] },
      "owner@hemline.test",
    );
    expect(rest).toMatchObject({ ok: true, refund: { giftCardMinor: 3000 } });
    expect(sentToProcessor).toEqual([1495]);
    expect((await giftCards.get(card.id))!.balanceMinor).toBe(5000);
    expect((await giftCards.ledger(card.id)).map((e) => [e.kind, e.amountMinor, e.balanceAfterMinor])).toEqual([
      ["issued", 5000, 5000],
      ["redeemed", 5000, 0],
      ["refunded", 2000, 2000],
      ["refunded", 3000, 5000],
    ]);
    expect(await giftCards.outstandingIn("EUR")).toBe(5000);
  });

  it("a declined card leaves the gift card's part held by the unpaid order; cancelling the order gives it back", async () => {
    const { card, code } = await giftCards.issue({
      amountMinor: 2000,
      recipientEmail: null,
      message: null,
      source: { kind: "admin", staffUid: null },
    });
    const declined = await checkout.placeOrder(
      input({ giftCardCode: code, card: { ...GOOD, number: "4000000000000002" } }),
    );
    expect(declined).toMatchObject({
      kind: "payment-failed",
      order: { status: "payment_failed", giftCardMinor: 2000 },
    });
    expect((await giftCards.get(card.id))!.balanceMinor).toBe(0);
    const order = (declined as { order: Order }).order;
    expect(await orders.changeStatus(order.id, "cancelled", "owner@hemline.test")).toMatchObject({ ok: true });
    expect((await giftCards.get(card.id))!.balanceMinor).toBe(2000);
    expect((await giftCards.ledger(card.id)).map((e) => e.kind)).toEqual(["issued", "redeemed", "refunded"]);
  });

  it("a card issued for a recipient is e-mailed to them with its code and message; the code opens the card", async () => {
    const sent: MailMessage[] = [];
    const withMail = createGiftCardsService({
      store,
      mail: {
        mailer: { kind: "outbox", send: async (m) => void sent.push(m) },
        shopName: "Hemline",
        publicOrigin: "https://shop.test",
      },
      audit: async () => undefined,
    });
    const { card, code } = await withMail.issue({
      amountMinor: 2500,
      recipientEmail: "friend@example.com",
      message: "Happy birthday!",
      source: { kind: "admin", staffUid: null },
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "friend@example.com", subject: "Your Hemline gift card" });
    expect(sent[0]!.text).toContain(`Your code: ${code}`);
    expect(sent[0]!.text).toContain("Happy birthday!");
    expect(sent[0]!.text).toContain("https://shop.test/gift-cards");
    expect(await withMail.lookup(code, "203.0.113.1")).toMatchObject({ kind: "found", card: { id: card.id } });
    // Without a recipient nothing is sent.
    await withMail.issue({
      amountMinor: 1000,
      recipientEmail: null,
      message: null,
      source: { kind: "admin", staffUid: null },
    });
    expect(sent).toHaveLength(1);
  });

  it("a card worth more than the order pays all of it: paid at once, no card needed, the rest stays on the card", async () => {
    const { card, code } = await giftCards.issue({
      amountMinor: 10000,
      recipientEmail: null,
      message: null,
      source: { kind: "admin", staffUid: null },
    });
    const result = await checkout.placeOrder(input({ giftCardCode: code, card: null }));
    expect(result).toMatchObject({ kind: "done", order: { status: "paid", giftCardMinor: 6495 } });
    expect((await giftCards.get(card.id))!.balanceMinor).toBe(3505);
  });

  it("a wrong code and a voided card are refused with their message and nothing is placed; wrong codes are rate-limited per address", async () => {
    expect(await checkout.placeOrder(input({ giftCardCode: "AAAA-BBBB-CCCC-DDDD" }))).toEqual({
      kind: "gift-card-refused",
      message: "No gift card has that code. Check it and try again.",
    });
    const { card, code } = await giftCards.issue({
      amountMinor: 5000,
      recipientEmail: null,
      message: null,
      source: { kind: "admin", staffUid: null },
    });
    await giftCards.void(card.id, "owner@hemline.test");
    expect(await checkout.placeOrder(input({ giftCardCode: code }))).toEqual({
      kind: "gift-card-refused",
      message: "This gift card can no longer be used.",
    });
    expect((await store.orders.list({ limit: 10, offset: 0 })).total).toBe(0);
    expect((await store.giftCards.get(card.id))!.balanceMinor).toBe(5000);

    // 10 misses from one address in all: the next attempt from it waits, even with a right code.
    for (let i = 0; i < 9; i++) await checkout.placeOrder(input({ giftCardCode: "AAAA-BBBB-CCCC-DDD" + "E" }));
    const limited = await checkout.placeOrder(input({ giftCardCode: code }));
    expect(limited.kind).toBe("rate-limited");
    // Another address is not held up by it.
    expect((await checkout.placeOrder(input({ giftCardCode: code, ip: "198.51.100.7" }))).kind).toBe(
      "gift-card-refused",
    );
  });
});
