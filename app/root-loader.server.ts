// The root loader, in a module of its own: root.tsx imports this alone, so the browser's bundle
// carries one empty stand-in for it instead of a shared empty chunk per server module it uses.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { statedPolicyFigures } from "~/server/services/policies/shop-policies.server";
import { getAuthState } from "~/server/http/session.server";
import { getConfig } from "~/server/config.server";
import { csrf } from "~/server/http/csrf.server";
import { currentCart } from "~/server/http/cart-cookie.server";
import { shopperMarket } from "~/server/http/market-cookie.server";
import { readFlash } from "~/server/http/flash.server";
import { honeypotInputProps } from "~/server/http/honeypot.server";
import { publicOrigin } from "~/server/http/public-origin.server";
import { backOfficeMember } from "~/server/http/permissions.server";

export async function rootLoader({ request, context }: LoaderFunctionArgs) {
  const config = getConfig();
  const [auth, [csrfToken, csrfCookieHeader], cartCount, { flash, clear }, member, zones, market, choices] =
    await Promise.all([
      getAuthState(request, context),
      csrf().commitToken(request),
      // The header's count must not take down pages that have nothing to do with the cart.
      currentCart(request, context)
        .then(({ cartId, early }) => context.shop.cart.count(cartId, early))
        .catch(() => 0),
      readFlash(request),
      // Like the cart count: a store that does not answer leaves the header without its back-office link.
      backOfficeMember(request, context).catch(() => null),
      // The zones' figures; a store that does not answer leaves pages without them rather than down.
      context.shop.shipping.zones().catch(() => null),
      shopperMarket(request, context),
      context.shop.markets.choices(),
    ]);
  const headers = new Headers();
  if (csrfCookieHeader) headers.append("Set-Cookie", csrfCookieHeader);
  if (clear) headers.append("Set-Cookie", clear);
  return data(
    {
      shopName: config.shopName,
      shopShortName: config.shopShortName,
      supportEmail: config.supportEmail,
      // The figures the footer, home page and product page state, from what checkout obeys.
      policies: zones ? statedPolicyFigures(config, zones, market) : null,
      // The shopper's market (the render cache keys kept pages by its id) and, when the shop has
      // more than one, the footer's choice of them.
      market: { id: market.id, currency: market.currency },
      marketChoices: choices.length > 1 ? choices : null,
      origin: publicOrigin(request, config),
      cartCount,
      flash,
      // isAdmin: the header's link to the back office, for the owner and every member of staff.
      user: auth.user ? { email: auth.user.email, isAdmin: member !== null } : null,
      csrfToken,
      honeypot: honeypotInputProps(),
      // Public web configuration, sent only when analytics is configured.
      analytics: config.analytics ?? null,
    },
    { headers },
  );
}
