import type { AppLoadContext } from "@remix-run/node";
import { createCookie } from "@remix-run/node";
import type { Market } from "~/domain/market";
import { giftCardPaymentProblem } from "~/domain/gift-card-currency";
import { z } from "zod";
import { normaliseGiftCardCode, splitTotal } from "~/domain/gift-card";
import { getConfig } from "~/server/config.server";
import { CART_TTL_MS } from "~/server/services/cart/cart.server";
import { giftCardProblem } from "~/server/services/gift-cards/gift-cards.server";
import { rateLimitMessage } from "~/server/services/accounts/rate-limit.server";
import { baseCookieOptions } from "~/server/http/cookie-security.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { formGuardProblem, intentFailure } from "~/server/http/forms.server";
import { parseForm } from "~/server/http/form-shape.server";

// The gift card a shopper applied at checkout, kept in a signed, HTTP-only cookie (the code is what
// spends the card, so it never reaches the page again). Checked when applied, behind the per-address
// limit on wrong codes; the checkout checks it again, in the placement's transaction.

const applySchema = z.object({
  intent: z.literal("apply-gift-card"),
  giftCardCode: z
    .string({ required_error: "Enter the gift card's code." })
    .trim()
    .max(40, "That is not a gift card code."),
});
const removeSchema = z.object({ intent: z.literal("remove-gift-card") });

let cookie: ReturnType<typeof createCookie> | undefined;

function giftCardCookie() {
  cookie ??= createCookie("__giftcard", { ...baseCookieOptions(getConfig()), maxAge: CART_TTL_MS / 1000 });
  return cookie;
}

export async function appliedGiftCardCode(request: Request): Promise<string | null> {
  const value = await giftCardCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && normaliseGiftCardCode(value) ? value : null;
}

export async function clearGiftCardHeader(): Promise<string> {
  return giftCardCookie().serialize("", { maxAge: 0 });
}

/** What the checkout shows of the applied card: what it pays of `totalMinor` and the rest to pay by card. */
export async function appliedGiftCard(
  request: Request,
  context: AppLoadContext,
  /** May be the promise of it: the card is read meanwhile. */
  totalMinor: number | Promise<number>,
  market?: Pick<Market, "currency">,
) {
  const code = await appliedGiftCardCode(request);
  if (!code) return null;
  const card = await context.shop.giftCards.byAppliedCode(code);
  if (!card) return null;
  const total = await totalMinor;
  // A card pays only orders in its own currency (placing the order refuses it too).
  const problem =
    card.status !== "active"
      ? giftCardProblem("voided")
      : card.balanceMinor === 0
        ? giftCardProblem("empty")
        : market
          ? giftCardPaymentProblem(card.currency, market.currency)
          : null;
  return {
    last4: card.last4,
    balanceMinor: card.balanceMinor,
    currency: card.currency,
    problem,
    ...splitTotal(total, problem ? 0 : card.balanceMinor),
  };
}

/**
 * The gift-card form's intents at checkout: "apply-gift-card" looks the code up (a refusal comes back with
 * its reason: 400, or 429 with Retry-After after too many wrong codes), "remove-gift-card" forgets it; both
 * answer with a 303 back to `back`. null when the form is about something else.
 */
export async function giftCardIntent(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
  back: string,
  ip: string | null,
) {
  const intent = formData.get("intent");
  if (intent !== "apply-gift-card" && intent !== "remove-gift-card") return null;
  const submission = parseForm(formData, { schema: intent === "apply-gift-card" ? applySchema : removeSchema });
  const refuse = (message: string, status: number, headers?: HeadersInit) =>
    intentFailure("gift-card", submission.reply({ formErrors: [message] }), status, headers);
  const problem = await formGuardProblem(formData, request);
  if (problem) return refuse(problem.message, problem.status);
  if (intent === "remove-gift-card") {
    return redirectWithFlash(back, "Gift card removed.", { headers: { "Set-Cookie": await clearGiftCardHeader() } });
  }
  if (submission.status !== "success" || !("giftCardCode" in submission.value))
    return intentFailure("gift-card", submission.reply(), 400);
  const found = await context.shop.giftCards.lookup(submission.value.giftCardCode, ip);
  if (found.kind === "rate-limited")
    return refuse(rateLimitMessage(found.retryAfterSeconds), 429, { "Retry-After": String(found.retryAfterSeconds) });
  if (found.kind === "not-found") return refuse(giftCardProblem("not-found"), 400);
  if (found.card.status !== "active") return refuse(giftCardProblem("voided"), 400);
  if (found.card.balanceMinor === 0) return refuse(giftCardProblem("empty"), 400);
  const code = normaliseGiftCardCode(submission.value.giftCardCode)!;
  return redirectWithFlash(back, `Gift card ending ${found.card.last4} applied.`, {
    headers: { "Set-Cookie": await giftCardCookie().serialize(code) },
  });
}
