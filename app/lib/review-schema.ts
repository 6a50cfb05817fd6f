import { z } from "zod";

// The review form: the same schema checks the server's input and gives the browser its hints.
// Title and text are plain text: control characters are removed, and the page shows them as text.

export const REVIEW_TITLE = { min: 3, max: 100 } as const;
export const REVIEW_TEXT = { min: 20, max: 2000 } as const;

// eslint-disable-next-line no-control-regex -- removing control characters (but newlines) is the point
const plain = (s: string) => s.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, "");

export const reviewSchema = z.object({
  stars: z
    .string({ required_error: "Choose a rating from 1 to 5 stars." })
    .regex(/^[1-5]$/, "Choose a rating from 1 to 5 stars.")
    .transform(Number),
  title: z
    .string({ required_error: "Enter a title for your review." })
    .transform(plain)
    .pipe(
      z
        .string()
        .trim()
        .min(REVIEW_TITLE.min, `The title needs at least ${REVIEW_TITLE.min} characters.`)
        .max(REVIEW_TITLE.max, `The title must be at most ${REVIEW_TITLE.max} characters.`),
    ),
  text: z
    .string({ required_error: "Write your review." })
    .transform(plain)
    .pipe(
      z
        .string()
        .trim()
        .min(REVIEW_TEXT.min, `Your review needs at least ${REVIEW_TEXT.min} characters.`)
        .max(REVIEW_TEXT.max, `Your review must be at most ${REVIEW_TEXT.max} characters.`),
    ),
});

export type ReviewInput = z.infer<typeof reviewSchema>;

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
