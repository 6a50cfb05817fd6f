import type { CategoryId } from "./category";

// Discount codes and automatic promotions, shared by the UI, the services and every store adapter.
// Money is integer minor units (EUR cents).

/** percentage: percentOff of the lines it applies to; fixed: amountOffMinor off them; free_delivery: standard delivery costs 0. */
export type PromotionKind = "percentage" | "fixed" | "free_delivery";

export const PROMOTION_KINDS: readonly PromotionKind[] = ["percentage", "fixed", "free_delivery"];

export interface Promotion {
  id: string;
  /** What the shopper and the order see ("Winter sale"). */
  name: string;
  /** As the admin typed it; matched case-insensitively. null: an automatic promotion. */
  code: string | null;
  kind: PromotionKind;
  /** 1–100, percentage promotions only. */
  percentOff: number | null;
  /** Fixed-amount promotions only. */
  amountOffMinor: number | null;
  /** The subtotal of the lines it applies to must reach this. */
  minimumSubtotalMinor: number | null;
  /** Empty with productIds empty: every product. Otherwise a line applies when its category or its product is listed. */
  categories: CategoryId[];
  productIds: string[];
  /** ISO timestamps; null: no bound. */
  startsAt: string | null;
  endsAt: string | null;
  /** Orders that may use it in all; null: no limit. */
  usageLimit: number | null;
  /** Orders one customer (account, or e-mail for guests) may place with it; null: no limit. */
  perCustomerLimit: number | null;
  /** Whether it applies together with other promotions (one code plus automatic promotions by default). */
  combinable: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What an order keeps of each promotion it used. */
export interface AppliedPromotion {
  promotionId: string;
  name: string;
  code: string | null;
  kind: PromotionKind;
  /** Taken off the lines (0 for free delivery, whose saving shows as free delivery). */
  discountMinor: number;
}

/** Counted at placement, in the same transaction as the order: one use per order. */
export interface PromotionUseClaim {
  promotionId: string;
  /** "user:{uid}" or "email:{lowercased e-mail}". */
  customerKey: string;
  usageLimit: number | null;
  perCustomerLimit: number | null;
}

export interface PromotionUsage {
  total: number;
}
