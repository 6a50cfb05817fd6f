import type { CategoryId } from "~/lib/categories";
import { formatMoneyInText } from "~/lib/money";
import type { AppliedPromotion, Promotion } from "~/domain/promotion";
import { allocate } from "./allocate";

// The pure rules of promotions: which apply to a cart, what each takes off which line, and the
// shopper's message when a code cannot be used. Both the cart and checkout price through here.

export interface PricedLine {
  productId: string;
  category: CategoryId | null;
  /** Unit price × quantity. */
  grossMinor: number;
}

export interface PromotionPricing {
  /** Per line, in the lines' order; each ≤ the line's gross. */
  lineDiscounts: number[];
  discountMinor: number;
  applied: AppliedPromotion[];
  /** Standard delivery is free. */
  freeDelivery: boolean;
}

export const NO_PROMOTIONS: PromotionPricing = {
  lineDiscounts: [],
  discountMinor: 0,
  applied: [],
  freeDelivery: false,
};

export function appliesToLine(promotion: Promotion, line: PricedLine): boolean {
  if (promotion.categories.length === 0 && promotion.productIds.length === 0) return true;
  return (
    promotion.productIds.includes(line.productId) ||
    (line.category !== null && promotion.categories.includes(line.category))
  );
}

export type Validity = "ok" | "not-yet-valid" | "expired";

export function validity(promotion: Promotion, now: Date): Validity {
  if (promotion.startsAt && now.getTime() < Date.parse(promotion.startsAt)) return "not-yet-valid";
  if (promotion.endsAt && now.getTime() >= Date.parse(promotion.endsAt)) return "expired";
  return "ok";
}

const eligibleSubtotal = (promotion: Promotion, lines: readonly PricedLine[]) =>
  lines.filter((l) => appliesToLine(promotion, l)).reduce((sum, l) => sum + l.grossMinor, 0);

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
    return `The code ${code} needs a subtotal of at least ${formatMoneyInText(promotion.minimumSubtotalMinor)} on the items it applies to.`;
  }
  return null;
}

/** Whether an automatic promotion (or a code already checked by codeRefusal) applies to these lines now. */
export function qualifies(promotion: Promotion, lines: readonly PricedLine[], now: Date): boolean {
  if (validity(promotion, now) !== "ok") return false;
  const eligible = eligibleSubtotal(promotion, lines);
  return eligible > 0 && (promotion.minimumSubtotalMinor === null || eligible >= promotion.minimumSubtotalMinor);
}

/** Percentages first, then fixed amounts, each on what earlier promotions left of its lines. */
function applyAll(promotions: readonly Promotion[], lines: readonly PricedLine[]): PromotionPricing {
  const remaining = lines.map((l) => l.grossMinor);
  const applied: AppliedPromotion[] = [];
  const rank = { percentage: 0, fixed: 1, free_delivery: 2 } as const;
  const ordered = [...promotions].sort((a, b) => rank[a.kind] - rank[b.kind]);
  for (const promotion of ordered) {
    const weights = lines.map((l, i) => (appliesToLine(promotion, l) ? remaining[i] : 0));
    const base = weights.reduce((sum, w) => sum + w, 0);
    const amount =
      promotion.kind === "percentage"
        ? Math.round((base * (promotion.percentOff ?? 0)) / 100)
        : promotion.kind === "fixed"
          ? Math.min(base, promotion.amountOffMinor ?? 0)
          : 0;
    const shares = allocate(amount, weights);
    shares.forEach((share, i) => (remaining[i] -= share));
    const discountMinor = shares.reduce((sum, s) => sum + s, 0);
    applied.push({
      promotionId: promotion.id,
      name: promotion.name,
      code: promotion.code,
      kind: promotion.kind,
      discountMinor,
    });
  }
  const lineDiscounts = lines.map((l, i) => l.grossMinor - remaining[i]);
  return {
    lineDiscounts,
    discountMinor: lineDiscounts.reduce((sum, d) => sum + d, 0),
    applied,
    freeDelivery: promotions.some((p) => p.kind === "free_delivery"),
  };
}

/**
 * The promotions that apply together: all of `candidates` when they all combine; otherwise the
 * better for the shopper of the combinable ones together or one that does not combine alone
 * (a free delivery counted at `standardDeliveryMinor`).
 */
export function bestPricing(
  candidates: readonly Promotion[],
  lines: readonly PricedLine[],
  standardDeliveryMinor: number,
): PromotionPricing {
  if (candidates.length === 0) return { ...NO_PROMOTIONS, lineDiscounts: lines.map(() => 0) };
  const combinable = candidates.filter((p) => p.combinable);
  const options = [combinable, ...candidates.filter((p) => !p.combinable).map((p) => [p])].filter((o) => o.length > 0);
  const worth = (p: PromotionPricing) => p.discountMinor + (p.freeDelivery ? standardDeliveryMinor : 0);
  return options.map((o) => applyAll(o, lines)).reduce((best, next) => (worth(next) > worth(best) ? next : best));
}
