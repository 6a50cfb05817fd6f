import type { CategoryId } from "./category";
import type { AppliedPromotion, Promotion } from "./promotion";
import { allocate } from "./allocate";
import { percentOf } from "./percent";

// The pure rules of promotions: which apply to a cart and what each takes off which line. Both the
// cart and checkout price through here; the shopper's message when a code cannot be used is the
// promotions service's (code-refusal.ts).

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

/** The part of the lines' gross that the promotion applies to. */
export const eligibleSubtotal = (promotion: Promotion, lines: readonly PricedLine[]) =>
  lines.filter((l) => appliesToLine(promotion, l)).reduce((sum, l) => sum + l.grossMinor, 0);

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
        ? percentOf(base, promotion.percentOff ?? 0)
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
