import type { ReviewInput } from "~/lib/review-schema";
import { isValidId } from "~/lib/route-params";
import { REVIEWS_PER_PAGE, type ReviewSortKey } from "~/lib/reviews";
import type { AuditRecord } from "../audit/audit.server";
import type { Store } from "../../store/port";
import { reviewIdFor } from "../../store/review-id";
import { ratingAverage, type Review, type ReviewStatus } from "~/domain/review";

// Reviews and ratings. Rules: a signed-in shopper with a delivered order that includes the
// product may review it once (the store keeps one review per buyer and product); a review is
// shown once an admin approves it; each approval or rejection is audited, and the product's
// summary is copied onto the product, so every instance's listing can sort by rating.

export interface ReviewsDeps {
  store: Store;
  audit: (record: AuditRecord) => Promise<unknown>;
  /** Called after a product's rating changed (the catalogue follows the change feed). */
  onRatingChanged?: () => void;
  now?: () => Date;
}

export interface Reviewer {
  uid: string;
  displayName: string | null;
}

/** Whether the shopper may review the product, and if not, why. */
export type Eligibility =
  | { kind: "eligible" }
  | { kind: "sign-in" }
  | { kind: "not-buyer" }
  | { kind: "reviewed"; status: ReviewStatus };

export type SubmitResult = { ok: true; review: Review } | { ok: false; status: number; message: string };

export const ADMIN_REVIEWS_PER_PAGE = 20;

/** How a review is signed: the first name and the initial of the last, never the e-mail address. */
export function authorNameOf(reviewer: Reviewer): string {
  const words = (reviewer.displayName ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "A Hemline customer";
  const last = words.length > 1 ? ` ${words.at(-1)![0].toUpperCase()}.` : "";
  return `${words[0].slice(0, 40)}${last}`;
}

export const NOT_BUYER_MESSAGE = "Only customers who received this item can review it.";
export const ALREADY_REVIEWED_MESSAGE = "You have already reviewed this product.";

export function createReviewsService(deps: ReviewsDeps) {
  const { store } = deps;
  const now = () => (deps.now?.() ?? new Date()).toISOString();

  async function eligibility(userId: string | null, productId: string): Promise<Eligibility> {
    if (!userId) return { kind: "sign-in" };
    const [own, bought] = await Promise.all([
      store.reviews.get(reviewIdFor(productId, userId)),
      store.orders.deliveredWithProduct(userId, productId),
    ]);
    if (own) return { kind: "reviewed", status: own.status };
    return bought ? { kind: "eligible" } : { kind: "not-buyer" };
  }

  return {
    eligibility,

    /** What the product page shows: the rating, one page of approved reviews, and what the shopper may do. */
    /**
     * `userId` may be the promise of it (the session being checked): the product's reviews are
     * read meanwhile, and only what concerns the shopper waits for it.
     */
    async forProduct(
      productId: string,
      query: { userId: string | null | Promise<string | null>; sort: ReviewSortKey; page: number },
    ) {
      const userId = Promise.resolve(query.userId);
      const [summary, firstTry, canReview] = await Promise.all([
        store.reviews.summary(productId),
        store.reviews.listApproved(productId, {
          sort: query.sort,
          limit: REVIEWS_PER_PAGE,
          offset: (query.page - 1) * REVIEWS_PER_PAGE,
        }),
        userId.then((uid) => eligibility(uid, productId)),
      ]);
      const uid = await userId;
      const pageCount = Math.max(1, Math.ceil(firstTry.total / REVIEWS_PER_PAGE));
      // A page past the end (an old link) shows the last page rather than an empty one.
      const page = Math.min(query.page, pageCount);
      const list =
        page === query.page
          ? firstTry
          : await store.reviews.listApproved(productId, {
              sort: query.sort,
              limit: REVIEWS_PER_PAGE,
              offset: (page - 1) * REVIEWS_PER_PAGE,
            });
      const voted = uid
        ? await store.reviews.votedBy(
            uid,
            list.reviews.map((r) => r.id),
          )
        : [];
      return {
        average: ratingAverage(summary),
        count: summary.count,
        reviews: list.reviews.map((r) => ({
          id: r.id,
          authorName: r.authorName,
          stars: r.stars,
          title: r.title,
          text: r.text,
          createdAt: r.createdAt,
          helpfulCount: r.helpfulCount,
          voted: voted.includes(r.id),
        })),
        total: list.total,
        page,
        pageCount,
        sort: query.sort,
        eligibility: canReview,
      };
    },

    /** A validated review from the form; 403 for a shopper who did not receive the product, 409 for a second review. */
    async submit(reviewer: Reviewer, productId: string, input: ReviewInput): Promise<SubmitResult> {
      const product = await store.products.get(productId);
      if (!product || product.status !== "active")
        return { ok: false, status: 404, message: "This product is not on sale, so it cannot be reviewed." };
      const allowed = await eligibility(reviewer.uid, productId);
      if (allowed.kind === "reviewed") return { ok: false, status: 409, message: ALREADY_REVIEWED_MESSAGE };
      if (allowed.kind !== "eligible") return { ok: false, status: 403, message: NOT_BUYER_MESSAGE };
      const review = await store.reviews.create({
        productId,
        userId: reviewer.uid,
        authorName: authorNameOf(reviewer),
        stars: input.stars,
        title: input.title,
        text: input.text,
        status: "pending",
        helpfulCount: 0,
        createdAt: now(),
        moderatedAt: null,
        moderatedBy: null,
      });
      // Two posts of the form at once: the store kept the first.
      if (!review) return { ok: false, status: 409, message: ALREADY_REVIEWED_MESSAGE };
      return { ok: true, review };
    },

    /** One "helpful" per signed-in shopper and approved review. */
    async voteHelpful(
      userId: string,
      productId: string,
      reviewId: string,
    ): Promise<{ ok: boolean; status: number; message: string }> {
      // An id no review could have (empty, too long) is a review not shown, not a store error.
      const review = isValidId(reviewId) ? await store.reviews.get(reviewId) : null;
      if (!review || review.productId !== productId || review.status !== "approved")
        return { ok: false, status: 404, message: "That review is not shown any more." };
      if (review.userId === userId) return { ok: false, status: 409, message: "You cannot vote for your own review." };
      const result = await store.reviews.voteHelpful(reviewId, userId, now());
      if (result === "already") return { ok: false, status: 409, message: "You already found this review helpful." };
      return { ok: true, status: 200, message: "Thank you: your vote has been counted." };
    },

    /** The back office's list: reviews with a status, newest first, with their products' names. */
    async adminList(status: ReviewStatus, page: number) {
      const first = await store.reviews.listByStatus(status, {
        limit: ADMIN_REVIEWS_PER_PAGE,
        offset: (page - 1) * ADMIN_REVIEWS_PER_PAGE,
      });
      const pageCount = Math.max(1, Math.ceil(first.total / ADMIN_REVIEWS_PER_PAGE));
      const shown = Math.min(page, pageCount);
      const list =
        shown === page
          ? first
          : await store.reviews.listByStatus(status, {
              limit: ADMIN_REVIEWS_PER_PAGE,
              offset: (shown - 1) * ADMIN_REVIEWS_PER_PAGE,
            });
      const ids = [...new Set(list.reviews.map((r) => r.productId))];
      const products = await Promise.all(ids.map((id) => store.products.get(id)));
      const names = new Map(ids.map((id, i) => [id, products[i]?.name ?? "A deleted product"]));
      return {
        reviews: list.reviews.map((r) => ({ ...r, productName: names.get(r.productId)! })),
        total: list.total,
        page: shown,
        pageCount,
      };
    },

    /** Approve or reject (again: an approved review can be withdrawn, a rejected one approved). Audited. */
    async moderate(
      actor: string,
      reviewId: string,
      to: "approved" | "rejected",
    ): Promise<{ ok: boolean; status: number; message: string }> {
      const result = isValidId(reviewId)
        ? await store.reviews.moderate(reviewId, { to, at: now(), by: actor })
        : ({ kind: "not-found" } as const);
      if (result.kind === "not-found") return { ok: false, status: 404, message: "There is no such review." };
      const verb = to === "approved" ? "approved" : "rejected";
      if (result.kind === "unchanged") return { ok: true, status: 200, message: `The review was already ${verb}.` };
      await deps.audit({
        actor,
        entityType: "review",
        entityId: reviewId,
        action: to === "approved" ? "approve" : "reject",
        summary: `Review "${result.review.title}" of product ${result.review.productId} ${verb}`,
        before: { status: result.before.status },
        after: { status: result.review.status },
      });
      // The listing sorts by the copy on the product; an older copy arriving late is refused there.
      await store.products.setRating(result.review.productId, result.summary);
      deps.onRatingChanged?.();
      return { ok: true, status: 200, message: `The review "${result.review.title}" has been ${verb}.` };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
