import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithFlash } from "~/server/http/flash.server";
import { marketCookieHeader } from "~/server/http/market-cookie.server";
import { resourceRoute } from "~/server/http/resource-route.server";

// The footer's market selector, a GET form so it works without JavaScript and needs no token:
// choosing a currency changes what pages show, nothing stored, so a link that "chose" for a
// shopper could do no more than a language switch would. The choice is checked against the
// markets (an unknown id sets nothing) and the shopper goes back to `back`, a path on this site
// only (`safeRedirect`): never an open redirect.
export const loader = resourceRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const back = safeRedirect(url.searchParams.get("back"));
  const id = url.searchParams.get("market") ?? "";
  const market = id ? await context.shop.markets.market(id) : null;
  if (!market) return redirect(back, { status: 303 });
  return redirectWithFlash(back, `Prices are now shown in ${market.name}'s currency (${market.currency}).`, {
    kind: "info",
    headers: { "Set-Cookie": await marketCookieHeader(market.id) },
  });
});
