import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { isValidId } from "~/lib/route-params";
import { resourceRoute } from "~/server/http/resource-route.server";

// Stripe Checkout's cancel URL: back to the order, which offers to pay again. The order keeps its
// stock until Stripe expires the session (its webhook releases it), so nothing changes on a GET.
export const loader = resourceRoute(({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const order = url.searchParams.get("order");
  if (!isValidId(order ?? undefined)) return redirect("/cart");
  const key = url.searchParams.get("key");
  return redirect(`/orders/${order}?${key ? `key=${encodeURIComponent(key)}&` : ""}cancelled=1`);
});
