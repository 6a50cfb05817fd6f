import type { ActionFunctionArgs } from "@remix-run/node";
import { publicOrigin } from "~/server/http/public-origin.server";
import { readBodyText } from "~/server/http/form-body.server";
import { resourceRoute } from "~/server/http/resource-route.server";
import { webhookFailures } from "~/server/observability/metrics.server";
import { WebhookSignatureError } from "~/server/payments/port";

// Stripe's webhook: the signature (not a CSRF token) proves the sender. Answers Stripe, not a
// browser, so it speaks JSON. Unknown event types are acknowledged so Stripe stops retrying.
export const action = resourceRoute(async ({ request, context }: ActionFunctionArgs) => {
  const { checkout, orders, config } = context.shop;
  if (checkout.processor.kind !== "hosted")
    return Response.json({ error: "Stripe is not configured" }, { status: 404 });
  const body = await readBodyText(request, 512 * 1024);
  if (body === null) {
    webhookFailures.inc({ reason: "too-large" });
    return Response.json({ error: "Payload too large" }, { status: 413 });
  }
  let event;
  try {
    event = checkout.parseWebhook(body, request.headers.get("Stripe-Signature"));
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      webhookFailures.inc({ reason: "signature" });
      return Response.json({ error: "Invalid signature" }, { status: 400 });
    }
    webhookFailures.inc({ reason: "error" });
    throw error;
  }
  let outcome;
  try {
    outcome = await orders.applyPaymentEvent(event, publicOrigin(request, config));
  } catch (error) {
    // Stripe retries a 500 for three days; the count tells an operator it keeps failing.
    webhookFailures.inc({ reason: "error" });
    throw error;
  }
  return Response.json({ received: true, outcome });
});

export const loader = resourceRoute(
  () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } }),
);
