/** pending until an admin approves (shown on the product page) or rejects it (never shown). */
export type ReviewStatus = "pending" | "approved" | "rejected";

export const REVIEW_STATUSES: readonly ReviewStatus[] = ["pending", "approved", "rejected"];

/** A shopper's review of a product. Its text is plain text, shown as text, never as HTML. */
export interface Review {
  /** Derived from the product and the buyer, so the store can keep one review per pair. */
  id: string;
  productId: string;
  userId: string;
  /** How the review is signed on the product page (the shopper's name, or the start of the e-mail). */
  authorName: string;
  /** 1 to 5. */
  stars: number;
  title: string;
  text: string;
  status: ReviewStatus;
  /** Shoppers who found it helpful (one vote each). */
  helpfulCount: number;
  createdAt: string;
  /** When, and by which admin, it was last approved or rejected. */
  moderatedAt: string | null;
  moderatedBy: string | null;
}

/**
 * A product's approved reviews in numbers. `version` grows with every change, so a copy kept
 * elsewhere (the product record the listing sorts by) can refuse an older one arriving late.
 */
export interface RatingSummary {
  count: number;
  /** The sum of the approved reviews' stars. */
  total: number;
  version: number;
}

export type ReviewSort = "newest" | "helpful";

export interface ReviewPage {
  reviews: Review[];
  total: number;
}

export type ModerateResult =
  | { kind: "ok"; before: Review; review: Review; summary: RatingSummary }
  /** It already had that status: nothing written. */
  | { kind: "unchanged"; review: Review }
  | { kind: "not-found" };

export type HelpfulVoteResult = "counted" | "already" | "not-found";

/** The average of a summary, to one decimal; null without reviews. */
export function ratingAverage(summary: Pick<RatingSummary, "count" | "total"> | null | undefined): number | null {
  if (!summary || summary.count === 0) return null;
  return Math.round((summary.total / summary.count) * 10) / 10;
}
