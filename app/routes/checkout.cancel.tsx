import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { isValidId } from "~/lib/route-params";
import { redirectWithFlash } from "~/server/http/flash.server";
import { resourceRoute } from "~/server/http/resource-route.server";
import { PAYMENT_LEFT_MESSAGE } from "~/server/services/checkout/messages.server";

// Stripe Checkout's cancel URL: back to the order, which offers to pay again, with a notice that
// nothing was charged. The order keeps its stock until Stripe expires the session (its webhook
// releases it), so nothing changes on a GET.
export const loader = resourceRoute(({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const order = url.searchParams.get("order");
  if (!isValidId(order ?? undefined)) return redirect("/cart");
  const key = url.searchParams.get("key");
  return redirectWithFlash(`/orders/${order}${key ? `?key=${encodeURIComponent(key)}` : ""}`, PAYMENT_LEFT_MESSAGE, {
    kind: "info",
  });
});
