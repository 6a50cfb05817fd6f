import type { AppLoadContext } from "@remix-run/node";
import { createCookie } from "@remix-run/node";
import type { PricingMarket } from "~/server/services/markets/market-prices";
import { z } from "zod";
import { PROMOTION_CODE_PATTERN, promotionCodeSchema } from "~/lib/promotion-code";
import { getAuthState } from "~/server/http/session.server";
import { getConfig } from "~/server/config.server";
import type { CartView } from "~/server/services/cart/cart.server";
import { CART_TTL_MS } from "~/server/services/cart/cart.server";
import { customerKeyFor } from "~/server/services/promotions/promotions.server";
import { currentCartId } from "~/server/http/cart-cookie.server";
import type { Promotion } from "~/domain/promotion";
import { baseCookieOptions } from "~/server/http/cookie-security.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { formGuardProblem, intentFailure } from "~/server/http/forms.server";
import { parseForm } from "~/server/http/form-shape.server";

const applyCodeSchema = z.object({ intent: z.literal("apply-code"), code: promotionCodeSchema });
const removeCodeSchema = z.object({ intent: z.literal("remove-code"), code: z.string().optional() });

// The discount code a shopper applied, kept in a signed cookie beside the cart's, so it follows
// them from the cart to checkout. The code is checked again whenever the cart or checkout is priced.

let cookie: ReturnType<typeof createCookie> | undefined;

function codeCookie() {
  cookie ??= createCookie("__promo", { ...baseCookieOptions(getConfig()), maxAge: CART_TTL_MS / 1000 });
  return cookie;
}

export async function appliedCode(request: Request): Promise<string | null> {
  const value = await codeCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && PROMOTION_CODE_PATTERN.test(value) ? value : null;
}

export async function clearCodeHeader(): Promise<string> {
  return codeCookie().serialize("", { maxAge: 0 });
}

/** The cart's lines that can be bought, as the promotions price them. */
export const pricedCartLines = (cart: CartView) =>
  cart.lines.map((l) => ({
    productId: l.productId,
    category: l.category,
    // A gift card is money: never discounted, never counted towards a promotion's threshold (as at checkout).
    grossMinor: l.giftCard ? 0 : l.lineTotalMinor,
  }));

/** The cart priced with its promotions and the applied code, in the cart's market: what the cart and checkout show. */
export async function cartPromotions(
  request: Request,
  context: AppLoadContext,
  cart: CartView,
  market?: PricingMarket,
  /** The promotions as stored, when the loader started that read beside the cart's (promotions.stored()). */
  stored?: Promise<Promotion[]>,
) {
  const { user } = await getAuthState(request, context);
  const code = await appliedCode(request);
  const priced = await context.shop.promotions.price({
    stored,
    lines: pricedCartLines(cart),
    code,
    customerKey: user ? customerKeyFor(user.uid, user.email ?? "") : null,
    standardDeliveryMinor: cart.standardShippingMinor,
    // The cart's lines are in the shopper's market: a fixed amount off and a minimum spend are converted to it.
    market,
  });
  const { pricing } = priced;
  return {
    code,
    codeProblem: priced.codeProblem,
    discountMinor: pricing.discountMinor,
    freeDelivery: pricing.freeDelivery,
    lineDiscounts: Object.fromEntries(cart.lines.map((l, i) => [l.key, pricing.lineDiscounts[i] ?? 0])),
    applied: pricing.applied.map((a) => ({ name: a.name, code: a.code, discountMinor: a.discountMinor, kind: a.kind })),
  };
}

export type CartPromotions = Awaited<ReturnType<typeof cartPromotions>>;

/**
 * The code form's intents, shared by /cart and /checkout: "apply-code" checks the code against the
 * cart (a refusal comes back to the page with a 400 and its reason), "remove-code" forgets it; both
 * answer with a 303 back to `back`. null when the form is about something else.
 */
export async function codeIntent(request: Request, context: AppLoadContext, formData: FormData, back: string) {
  const intent = formData.get("intent");
  if (intent !== "apply-code" && intent !== "remove-code") return null;
  const submission = parseForm(formData, { schema: intent === "apply-code" ? applyCodeSchema : removeCodeSchema });
  const refuse = (message: string, status: number) =>
    intentFailure("code", submission.reply({ formErrors: [message] }), status);
  const problem = await formGuardProblem(formData, request);
  if (problem) return refuse(problem.message, problem.status);
  if (intent === "remove-code") {
    return redirectWithFlash(back, "Discount code removed.", { headers: { "Set-Cookie": await clearCodeHeader() } });
  }
  if (submission.status !== "success" || !submission.value.code) return intentFailure("code", submission.reply(), 400);
  const { user } = await getAuthState(request, context);
  const cart = await context.shop.cart.view(await currentCartId(request, context));
  const refusal = await context.shop.promotions.checkCode(
    submission.value.code,
    pricedCartLines(cart),
    user ? customerKeyFor(user.uid, user.email ?? "") : null,
  );
  if (refusal) return refuse(refusal, 400);
  const code = submission.value.code.toUpperCase();
  return redirectWithFlash(back, `Discount code ${code} applied.`, {
    headers: { "Set-Cookie": await codeCookie().serialize(code) },
  });
}
