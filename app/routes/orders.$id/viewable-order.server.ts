import type { AppLoadContext } from "@remix-run/node";
import { isValidId } from "~/lib/route-params";
import { getAuthState } from "~/server/http/session.server";
import { notFound } from "~/server/http/not-found.server";

/**
 * The order a request may see: its owner's, or whoever holds the signed link (`?key=`). Anyone
 * else gets the same 404 as for no order at all, so order ids reveal nothing.
 */
export async function viewableOrder(request: Request, context: AppLoadContext, id: string | undefined) {
  if (!isValidId(id)) throw notFound(request);
  const auth = await getAuthState(request, context);
  const key = new URL(request.url).searchParams.get("key");
  const order = await context.shop.orders.forViewer(id, { userId: auth.user?.uid ?? null, key });
  if (!order) throw notFound(request);
  return order;
}

/** An order's page (or its invoice), carrying the signed link's key when the viewer came by one. */
export const viewerPath = (orderId: string, key: string | null, page: "" | "/invoice" = "") =>
  `/orders/${orderId}${page}${key ? `?key=${encodeURIComponent(key)}` : ""}`;
