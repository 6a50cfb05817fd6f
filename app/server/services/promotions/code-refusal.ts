import type { Promotion } from "~/domain/promotion";
import { eligibleSubtotal, validity, type PricedLine } from "~/domain/promotion-rules";
import { BASE_CURRENCY, type CurrencyCode, formatMoneyInText } from "~/domain/money";

// The shopper's message when a code cannot be used, from the promotion rules' verdicts.

const dateText = (iso: string) =>
  new Date(iso).toLocaleString("en-IE", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }) + " UTC";

/**
 * Why the shopper's code cannot be used on these lines now, or null when it can. `used` is how many
 * orders used it so far (in all, and by this customer when known).
 */
export function codeRefusal(
  typed: string,
  promotion: Promotion | null,
  lines: readonly PricedLine[],
  now: Date,
  used: { total: number; customer: number },
  /** The currency the lines (and the promotion's converted minimum) are in; default the base currency. */
  currency?: CurrencyCode,
): string | null {
  const code = typed.trim().toUpperCase();
  if (!promotion || promotion.code === null) return `We don't recognise the code ${code}. Check it and try again.`;
  const when = validity(promotion, now);
  if (when === "expired") return `The code ${code} expired on ${dateText(promotion.endsAt!)}.`;
  if (when === "not-yet-valid")
    return `The code ${code} is not valid yet: it starts on ${dateText(promotion.startsAt!)}.`;
  if (promotion.usageLimit !== null && used.total >= promotion.usageLimit) return `The code ${code} has been used up.`;
  if (promotion.perCustomerLimit !== null && used.customer >= promotion.perCustomerLimit) {
    return `You have already used the code ${code} as many times as it allows.`;
  }
  const eligible = eligibleSubtotal(promotion, lines);
  if (eligible === 0) return `The code ${code} does not apply to the items in your cart.`;
  if (promotion.minimumSubtotalMinor !== null && eligible < promotion.minimumSubtotalMinor) {
    const minimum = formatMoneyInText(promotion.minimumSubtotalMinor, currency ?? BASE_CURRENCY);
    return `The code ${code} needs a subtotal of at least ${minimum} on the items it applies to.`;
  }
  return null;
}
