// Reviews' limits, sorts and wording, with no validation library: product cards and pages import
// these, and the review form's schema (review-schema.ts, zod) loads only where the form is.

export const REVIEW_TITLE = { min: 3, max: 100 } as const;
export const REVIEW_TEXT = { min: 20, max: 2000 } as const;

export const REVIEW_SORTS = ["newest", "helpful"] as const;
export type ReviewSortKey = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSortKey, string> = { newest: "Newest", helpful: "Most helpful" };
export const REVIEWS_PER_PAGE = 5;

/** The product page's link to a page of its reviews in an order (defaults omitted). */
export function reviewsHref(path: string, sort: ReviewSortKey, page: number): string {
  const params = new URLSearchParams();
  if (sort !== "newest") params.set("reviews", sort);
  if (page > 1) params.set("reviewPage", String(page));
  const query = params.toString();
  return `${path}${query ? `?${query}` : ""}#reviews`;
}

/** "4.3 out of 5, 12 reviews". */
export function ratingText(average: number, count: number): string {
  return `${average.toFixed(1)} out of 5, ${count} ${count === 1 ? "review" : "reviews"}`;
}
