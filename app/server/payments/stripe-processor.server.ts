import { createRequire } from "node:module";
import type Stripe from "stripe";
import type { HostedCheckoutProcessor, PaymentEvent } from "./port";
import { WebhookSignatureError } from "./port";

// Stripe Checkout: the shopper pays on Stripe's hosted page (a plain redirect, so no client
// JavaScript is needed on our side) and Stripe tells us by a signed webhook. Kept thin: the API
// call builds the session from the order we already priced; the webhook only maps events.

/** The Stripe SDK (~16 MB resident) is loaded when a shop configures Stripe, not by every server at start. */
function loadStripe(): typeof Stripe {
  return createRequire(import.meta.url)("stripe") as typeof Stripe;
}

export function createStripeProcessor(options: {
  secretKey: string;
  webhookSecret: string;
  /** How long a Checkout Session stays open: the shop's pending-payment expiry, so both let go together. */
  expiresAfterMs?: number;
  client?: Stripe;
  /** Test hook: a stand-in for api.stripe.com (http://host:port), set only by HEMLINE_TEST_HOOKS tests. */
  apiBase?: string;
}): HostedCheckoutProcessor {
  const stripe =
    options.client ??
    new (loadStripe())(options.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...apiHost(options.apiBase) });
  return {
    id: "stripe",
    kind: "hosted",
    label: options.secretKey.includes("_test_") ? "Stripe Checkout (test mode)" : "Stripe Checkout",
    async startCheckout({ order, successUrl, cancelUrl }) {
      // Stripe charges the sum of its line items: each line at what it pays after its promotion discount, so the
      // charge is the order's total. A discount that does not divide evenly by the quantity makes one item of the line.
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = order.lines.map((line) => {
        const paid = line.unitPriceMinor * line.quantity - (line.discountMinor ?? 0);
        const even = paid % line.quantity === 0;
        const name = `${line.name} (${line.colour}, ${line.size})`;
        return {
          quantity: even ? line.quantity : 1,
          price_data: {
            currency: order.currency.toLowerCase(),
            unit_amount: even ? paid / line.quantity : paid,
            product_data: { name: even ? name : `${name} × ${line.quantity}` },
          },
        };
      });
      if (order.shippingMinor > 0) {
        lineItems.push({
          quantity: 1,
          price_data: {
            currency: order.currency.toLowerCase(),
            unit_amount: order.shippingMinor,
            product_data: { name: order.shipping.label },
          },
        });
      }
      // A gift card paid part of the order when it was placed: Stripe charges the rest, as one line
      // that says so (its lines would add up to the whole total).
      const giftCardMinor = order.giftCardMinor ?? 0;
      const charged: Stripe.Checkout.SessionCreateParams.LineItem[] =
        giftCardMinor > 0
          ? [
              {
                quantity: 1,
                price_data: {
                  currency: order.currency.toLowerCase(),
                  unit_amount: order.totalMinor - giftCardMinor,
                  product_data: {
                    name: `Order ${order.number}, less gift card ending ${order.giftCard?.last4 ?? ""}`.trim(),
                  },
                },
              },
            ]
          : lineItems;
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: charged,
          customer_email: order.email,
          client_reference_id: order.id,
          metadata: { orderId: order.id, orderNumber: order.number },
          success_url: successUrl,
          cancel_url: cancelUrl,
          // Stripe's shortest session: an abandoned payment gives its stock back within the half hour.
          expires_at: Math.floor((Date.now() + (options.expiresAfterMs ?? 30 * 60_000)) / 1000),
        },
        // One session per order and attempt, however often the shopper presses the button.
        { idempotencyKey: `${order.id}-${order.payment.attempts}` },
      );
      if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
      return { url: session.url, reference: session.id };
    },
    async checkPayment({ reference }) {
      // The Checkout Session says whether the shopper paid, whether or not its webhook reached us.
      if (!reference?.startsWith("cs_")) return { state: "unknown" };
      const session = await stripe.checkout.sessions.retrieve(reference);
      if (session.payment_status === "paid" || session.payment_status === "no_payment_required")
        return { state: "succeeded", reference: session.id, brand: null, last4: null };
      if (session.status === "expired")
        return { state: "failed", message: "The payment was not completed in time.", brand: null, last4: null };
      return { state: "unknown" };
    },
    async refund(payment, amountMinor, idempotencyKey) {
      if (!payment.reference) return { ok: false, message: "This order has no Stripe payment to refund." };
      try {
        // The order keeps the Checkout Session's id; the refund goes to its payment intent.
        let paymentIntent = payment.reference;
        if (paymentIntent.startsWith("cs_")) {
          const session = await stripe.checkout.sessions.retrieve(paymentIntent);
          const intent = session.payment_intent;
          if (!intent) return { ok: false, message: "Stripe has no payment for this order's checkout." };
          paymentIntent = typeof intent === "string" ? intent : intent.id;
        }
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntent, amount: amountMinor },
          { idempotencyKey },
        );
        return { ok: true, reference: refund.id };
      } catch (error) {
        // Stripe's refusals (StripeCardError, StripeInvalidRequestError…) name themselves in `type`;
        // matched by shape, as the SDK is loaded lazily and may come from its ESM or CJS build.
        if (isStripeError(error)) return { ok: false, message: error.message };
        throw error;
      }
    },
    parseWebhook(rawBody, signature): PaymentEvent {
      if (!signature) throw new WebhookSignatureError("The Stripe-Signature header is missing");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
        const session = event.data.object;
        const orderId = session.metadata?.orderId ?? session.client_reference_id;
        if (orderId && session.payment_status === "paid") return { type: "paid", orderId, reference: session.id };
      }
      if (event.type === "checkout.session.expired" || event.type === "checkout.session.async_payment_failed") {
        const session = event.data.object;
        const orderId = session.metadata?.orderId ?? session.client_reference_id;
        if (orderId) return { type: "expired", orderId, reference: session.id };
      }
      return { type: "ignored", eventType: event.type };
    },
  };
}

function apiHost(base: string | undefined) {
  if (!base) return {};
  const url = new URL(base);
  return { host: url.hostname, port: Number(url.port), protocol: url.protocol.replace(":", "") as "http" | "https" };
}

function isStripeError(error: unknown): error is Error & { type: string } {
  const type: unknown = error instanceof Error ? (error as unknown as { type?: unknown }).type : undefined;
  return typeof type === "string" && type.startsWith("Stripe");
}
