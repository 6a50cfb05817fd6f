import type { ActionFunctionArgs } from "@remix-run/node";
import { getContext } from "~/server/context.server";
import { publicOrigin } from "~/server/http/public-origin.server";
import { WebhookSignatureError } from "~/server/payments/port";

// Stripe's webhook: the signature (not a CSRF token) proves the sender. Answers Stripe, not a
// browser, so it speaks JSON. Unknown event types are acknowledged so Stripe stops retrying.
export async function action({ request }: ActionFunctionArgs) {
  const { checkout, orders, config } = getContext();
  if (checkout.processor.kind !== "hosted") return Response.json({ error: "Stripe is not configured" }, { status: 404 });
  const body = await request.text();
  if (body.length > 512 * 1024) return Response.json({ error: "Payload too large" }, { status: 413 });
  let event;
  try {
    event = checkout.parseWebhook(body, request.headers.get("Stripe-Signature"));
  } catch (error) {
    if (error instanceof WebhookSignatureError) return Response.json({ error: "Invalid signature" }, { status: 400 });
    throw error;
  }
  const outcome = await orders.applyPaymentEvent(event, publicOrigin(request, config));
  return Response.json({ received: true, outcome });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
