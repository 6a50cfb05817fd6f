import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CardDetails } from "~/server/payments/port";
import { WebhookSignatureError } from "~/server/payments/port";
import { createStripeProcessor } from "~/server/payments/stripe-processor.server";
import { createTestCardProcessor } from "~/server/payments/test-card-processor.server";
import { DECLINE_MESSAGES, TEST_CARDS } from "~/server/payments/test-cards";
import type { Store } from "~/server/store/port";
import { lineFor, makeOrder } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";
import { STORE_ADAPTERS } from "./adapters";

// The payments port against each processor, as a caller sees it.
// - The built-in test card processor answers Stripe's test numbers as Stripe's test mode does, in
//   Stripe's words, and keeps its answers in the shared store (SQLite and Firestore).
// - Stripe Checkout runs the real SDK against a local HTTP server that plays Stripe's API: only the
//   network is stubbed, so what the SDK would send to Stripe is what is checked.

const FUTURE = { expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: "123" };
const card = (number: string, over: Partial<CardDetails> = {}): CardDetails => ({ number, ...FUTURE, ...over });
const charge = (number: string, key: string, over: Partial<CardDetails> = {}) => ({
  amountMinor: 2500,
  currency: "EUR",
  card: card(number, over),
  description: "Order HM-TEST",
  idempotencyKey: key,
});

describe.each(STORE_ADAPTERS)("Payments contract, built-in test card processor: $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    ({ store, dispose } = await adapter.create());
  });
  afterEach(async () => {
    await dispose();
  });

  it("answers each of Stripe's test cards with its outcome, brand and last four, and declines in Stripe's words", async () => {
    const processor = createTestCardProcessor({ keys: store.paymentKeys });
    for (const test of TEST_CARDS) {
      const result = await processor.charge(charge(test.number, `card-${test.number}`));
      expect(result.brand, test.number).toBe(test.brand);
      expect(result.last4, test.number).toBe(test.number.slice(-4));
      if (test.outcome === "succeeds") {
        expect(result, test.number).toMatchObject({ ok: true, reference: expect.stringMatching(/^tc_[0-9a-f]{24}$/) });
      } else {
        expect(result, test.number).toEqual({
          ok: false,
          code: test.outcome,
          message: DECLINE_MESSAGES[test.outcome],
          brand: test.brand,
          last4: test.number.slice(-4),
        });
      }
    }
  });

  it("records each charge in the currency it was asked for, and answers a replay with that record", async () => {
    const processor = createTestCardProcessor({ keys: store.paymentKeys });
    const inPounds = { ...charge("4242424242424242", "order-gbp:1"), amountMinor: 4725, currency: "GBP" };
    const charged = await processor.charge(inPounds);
    expect(charged).toMatchObject({ ok: true, charged: { amountMinor: 4725, currency: "GBP" } });
    expect(await processor.charge({ ...inPounds, currency: "EUR", amountMinor: 5490 })).toEqual(charged);
  });

  it("refuses a number that fails the checksum, an expired card, and a real card (no money moves here)", async () => {
    const processor = createTestCardProcessor({ keys: store.paymentKeys });
    expect(await processor.charge(charge("4242424242424241", "luhn"))).toMatchObject({
      ok: false,
      code: "incorrect_number",
      message: "Your card number is incorrect.",
    });
    expect(await processor.charge(charge("4242424242424242", "expired", { expYear: 2020 }))).toMatchObject({
      ok: false,
      code: "expired_card",
      message: "Your card has expired.",
    });
    const real = await processor.charge(charge("4111111111111111", "real"));
    expect(real).toMatchObject({ ok: false, code: "card_declined", last4: "1111" });
    expect(real.ok ? "" : real.message).toMatch(/^Your card was declined\. Use a test card such as 4242/);
  });

  it("gives the first answer again for a key already used, whatever the card now sent", async () => {
    const processor = createTestCardProcessor({ keys: store.paymentKeys });
    const first = await processor.charge(charge("4242424242424242", "order-9:1"));
    expect(first.ok).toBe(true);
    expect(await processor.charge(charge("4000000000000002", "order-9:1"))).toEqual(first);
    expect(await processor.charge(charge("4000000000000002", "order-9:2"))).toMatchObject({
      ok: false,
      code: "card_declined",
    });
  });
});

/** A local stand-in for api.stripe.com: records each request and answers as Stripe would. */
interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}

describe("Payments contract, Stripe Checkout (the SDK against a local stand-in for Stripe's API)", () => {
  let server: http.Server;
  let port: number;
  const requests: Recorded[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        requests.push({ method: req.method!, path: req.url!, headers: req.headers, form: new URLSearchParams(body) });
        res.writeHead(answer.status, { "Content-Type": "application/json", "Request-Id": `req_${requests.length}` });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    requests.length = 0;
  });

  const secret = "whsec_contract_secret";
  const processor = (expiresAfterMs?: number) => {
    const client = new Stripe("sk_test_contract", { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
    return {
      client,
      stripe: createStripeProcessor({ secretKey: "sk_test_contract", webhookSecret: secret, client, expiresAfterMs }),
    };
  };

  it("creates one Checkout Session per order and attempt, priced from the order, and sends the shopper to its page", async () => {
    answer = {
      status: 200,
      body: { id: "cs_test_42", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_42" },
    };
    const { stripe } = processor(30 * 60_000);
    expect(stripe.label).toBe("Stripe Checkout (test mode)");
    const line = {
      productId: "p1",
      slug: "linen-shirt",
      name: "Linen shirt",
      sku: "P1-M-SAGE",
      size: "M",
      colour: "Sage",
      unitPriceMinor: 3000,
      compareAtMinor: null,
      quantity: 2,
      imageUrl: null,
    };
    const order = makeOrder([line], {
      email: "ada@example.com",
      payment: { ...makeOrder([]).payment, processor: "stripe", attempts: 1 },
    });
    const before = Math.floor(Date.now() / 1000);
    const started = await stripe.startCheckout({
      order,
      successUrl: "https://shop.test/orders/x?paid=1",
      cancelUrl: "https://shop.test/checkout/cancel?order=x",
    });
    expect(started).toEqual({ url: "https://checkout.stripe.com/c/pay/cs_test_42", reference: "cs_test_42" });

    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent.method).toBe("POST");
    expect(sent.path).toBe("/v1/checkout/sessions");
    expect(sent.headers.authorization).toBe("Bearer sk_test_contract");
    expect(sent.headers["idempotency-key"]).toBe(`${order.id}-${order.payment.attempts}`);
    const form = sent.form;
    expect(form.get("mode")).toBe("payment");
    expect(form.get("customer_email")).toBe("ada@example.com");
    expect(form.get("client_reference_id")).toBe(order.id);
    expect(form.get("metadata[orderId]")).toBe(order.id);
    expect(form.get("metadata[orderNumber]")).toBe(order.number);
    expect(form.get("success_url")).toBe("https://shop.test/orders/x?paid=1");
    expect(form.get("cancel_url")).toBe("https://shop.test/checkout/cancel?order=x");
    expect(form.get("line_items[0][quantity]")).toBe("2");
    expect(form.get("line_items[0][price_data][currency]")).toBe(order.currency.toLowerCase());
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("3000");
    expect(form.get("line_items[0][price_data][product_data][name]")).toBe("Linen shirt (Sage, M)");
    // Delivery is a line of its own (the order's €4.95 standard delivery).
    expect(form.get("line_items[1][quantity]")).toBe("1");
    expect(form.get("line_items[1][price_data][unit_amount]")).toBe("495");
    expect(form.get("line_items[1][price_data][product_data][name]")).toBe(order.shipping.label);
    expect(form.has("line_items[2][quantity]")).toBe(false);
    // The session lets go when the shop's pending payment does.
    const expiresAt = Number(form.get("expires_at"));
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60);
    expect(expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60);
  });

  it("prices the session in the order's currency: lower-case ISO code, amounts in its minor units", async () => {
    answer = {
      status: 200,
      body: { id: "cs_test_gbp", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_gbp" },
    };
    const { stripe } = processor();
    const line = { ...lineFor(makeProduct({ priceMinor: 4995 }), "M", "Black"), unitPriceMinor: 4299 };
    const order = makeOrder([line], {
      currency: "GBP",
      rateMicros: 860_000,
      marketId: "united-kingdom",
      shippingMinor: 426,
      totalMinor: 4299 + 426,
      shipping: { method: "standard", label: "Standard", priceMinor: 426 },
      payment: { ...makeOrder([]).payment, processor: "stripe", attempts: 1 },
    });
    await stripe.startCheckout({ order, successUrl: "https://shop.test/ok", cancelUrl: "https://shop.test/no" });
    const form = requests[0].form;
    expect(form.get("line_items[0][price_data][currency]")).toBe("gbp");
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("4299");
    expect(form.get("line_items[1][price_data][currency]")).toBe("gbp");
    expect(form.get("line_items[1][price_data][unit_amount]")).toBe("426");
  });

  it("charges a discounted order its total: each line at what it pays after its discount", async () => {
    answer = {
      status: 200,
      body: { id: "cs_test_43", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_43" },
    };
    const { stripe } = processor();
    const base = { slug: "tee", size: "M", colour: "Black", compareAtMinor: null, imageUrl: null };
    const lines = [
      // €30.00 × 2 less €6.00: €27.00 each.
      { ...base, productId: "p1", name: "Tee", sku: "P1", unitPriceMinor: 3000, quantity: 2, discountMinor: 600 },
      // €19.99 × 3 less €5.00 = €54.97, not a whole cent each: one item for the three.
      { ...base, productId: "p2", name: "Sock", sku: "P2", unitPriceMinor: 1999, quantity: 3, discountMinor: 500 },
    ];
    const order = makeOrder(lines, {
      discountMinor: 1100,
      totalMinor: 6000 + 5997 - 1100 + 495,
      payment: { ...makeOrder([]).payment, processor: "stripe", attempts: 1 },
    });
    await stripe.startCheckout({ order, successUrl: "https://shop.test/ok", cancelUrl: "https://shop.test/no" });
    const form = requests.at(-1)!.form;
    expect(form.get("line_items[0][quantity]")).toBe("2");
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("2700");
    expect(form.get("line_items[1][quantity]")).toBe("1");
    expect(form.get("line_items[1][price_data][unit_amount]")).toBe("5497");
    expect(form.get("line_items[1][price_data][product_data][name]")).toBe("Sock (Black, M) × 3");
    let charged = 0;
    for (let i = 0; form.has(`line_items[${i}][quantity]`); i++)
      charged +=
        Number(form.get(`line_items[${i}][quantity]`)) * Number(form.get(`line_items[${i}][price_data][unit_amount]`));
    expect(charged).toBe(order.totalMinor);
  });

  it("fails the checkout when Stripe refuses the session or answers without a page", async () => {
    const { stripe } = processor();
    const order = makeOrder([], { email: "ada@example.com", shippingMinor: 0 });
    answer = { status: 400, body: { error: { type: "invalid_request_error", message: "Invalid currency" } } };
    await expect(
      stripe.startCheckout({ order, successUrl: "https://shop.test/s", cancelUrl: "https://shop.test/c" }),
    ).rejects.toThrow("Invalid currency");
    answer = { status: 200, body: { id: "cs_test_no_url", object: "checkout.session", url: null } };
    await expect(
      stripe.startCheckout({ order, successUrl: "https://shop.test/s", cancelUrl: "https://shop.test/c" }),
    ).rejects.toThrow(/without a URL/);
  });

  it("reads only webhooks signed with the shop's secret: paid, expired, and everything else ignored", async () => {
    const { client, stripe } = processor();
    const event = (type: string, session: Record<string, unknown>) =>
      JSON.stringify({
        id: `evt_${type}`,
        object: "event",
        type,
        data: { object: { object: "checkout.session", ...session } },
      });
    const signed = (payload: string) => client.webhooks.generateTestHeaderString({ payload, secret });

    const paid = event("checkout.session.completed", {
      id: "cs_1",
      payment_status: "paid",
      client_reference_id: "order-1",
      metadata: { orderId: "order-1" },
    });
    expect(stripe.parseWebhook(paid, signed(paid))).toEqual({ type: "paid", orderId: "order-1", reference: "cs_1" });
    const unpaid = event("checkout.session.completed", {
      id: "cs_2",
      payment_status: "unpaid",
      metadata: { orderId: "order-2" },
    });
    expect(stripe.parseWebhook(unpaid, signed(unpaid))).toEqual({
      type: "ignored",
      eventType: "checkout.session.completed",
    });
    const expired = event("checkout.session.expired", { id: "cs_3", client_reference_id: "order-3", metadata: {} });
    expect(stripe.parseWebhook(expired, signed(expired))).toEqual({
      type: "expired",
      orderId: "order-3",
      reference: "cs_3",
    });
    const other = event("customer.created", { id: "cus_1" });
    expect(stripe.parseWebhook(other, signed(other))).toEqual({ type: "ignored", eventType: "customer.created" });

    expect(() => stripe.parseWebhook(paid, null)).toThrow(WebhookSignatureError);
    expect(() => stripe.parseWebhook(paid, "t=1,v1=forged")).toThrow(WebhookSignatureError);
    expect(() =>
      stripe.parseWebhook(
        paid,
        client.webhooks.generateTestHeaderString({ payload: paid, secret: "whsec_someone_else" }),
      ),
    ).toThrow(WebhookSignatureError);
    expect(() => stripe.parseWebhook(paid.replace("order-1", "order-9"), signed(paid))).toThrow(WebhookSignatureError);
    // Verifying is local: no webhook ever reached the API.
    expect(requests).toHaveLength(0);
  });
  it("refunds the Checkout Session's payment intent for the amount asked, once per key, and passes a refusal on", async () => {
    const { stripe } = processor();
    const payment = { ...makeOrder([]).payment, processor: "stripe" as const, state: "succeeded" as const };
    // The stand-in answers both requests with one body: the session's payment intent, the refund's id.
    answer = { status: 200, body: { id: "re_test_1", object: "refund", amount: 1250, payment_intent: "pi_test_9" } };
    const result = await stripe.refund({ ...payment, reference: "cs_test_9" }, 1250, "refund-abc");
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /v1/checkout/sessions/cs_test_9",
      "POST /v1/refunds",
    ]);
    const sent = requests[1];
    expect(sent.form.get("payment_intent")).toBe("pi_test_9");
    expect(sent.form.get("amount")).toBe("1250");
    expect(sent.headers["idempotency-key"]).toBe("refund-abc");
    expect(result).toEqual({ ok: true, reference: "re_test_1" });

    requests.length = 0;
    answer = {
      status: 400,
      body: { error: { type: "invalid_request_error", message: "Charge ch_1 has already been refunded." } },
    };
    expect(await stripe.refund({ ...payment, reference: "pi_test_9" }, 500, "refund-def")).toEqual({
      ok: false,
      message: "Charge ch_1 has already been refunded.",
    });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/refunds"]);
  });
});
