import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { REVIEW_SORTS, REVIEW_SORT_LABELS, reviewsHref, type ReviewSortKey } from "~/lib/reviews";
import { lazy, Suspense, type ComponentType } from "react";
import * as onServer from "./review-form.server";
import { Stars } from "./Stars";

export interface ReviewView {
  id: string;
  authorName: string;
  stars: number;
  title: string;
  text: string;
  createdAt: string;
  helpfulCount: number;
  voted: boolean;
}

export type ReviewEligibility =
  | { kind: "eligible" }
  | { kind: "sign-in" }
  | { kind: "not-buyer" }
  | { kind: "reviewed"; status: "pending" | "approved" | "rejected" };

// In the browser the form's code (~25 KB gzipped with its validation) loads when a buyer who may
// review gets the form; until then hydration keeps the server's HTML, which works on its own.
const LazyReviewForm = lazy(() => import("./ReviewForm").then((m) => ({ default: m.ReviewForm })));
const ReviewForm: ComponentType<{ lastResult?: SubmissionResult<string[]> }> = onServer.ReviewForm ?? LazyReviewForm;

const dateFormat = new Intl.DateTimeFormat("en-IE", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** Approved reviews (a page at a time, newest or most helpful first, as plain links) and the way to write one. */
export function ReviewsSection({
  path,
  average,
  count,
  reviews,
  page,
  pageCount,
  sort,
  eligibility,
  signedIn,
  formResult,
  helpfulFailure,
}: {
  path: string;
  average: number | null;
  count: number;
  reviews: ReviewView[];
  page: number;
  pageCount: number;
  sort: ReviewSortKey;
  eligibility: ReviewEligibility;
  signedIn: boolean;
  formResult?: SubmissionResult<string[]>;
  helpfulFailure: { reviewId: string; error: string } | null;
}) {
  // A vote for a review no longer on this page (withdrawn meanwhile) is explained above the list.
  const strayHelpful = helpfulFailure && !reviews.some((r) => r.id === helpfulFailure.reviewId) ? helpfulFailure : null;
  return (
    <section
      id="reviews"
      aria-labelledby="reviews-heading"
      className="mt-16 scroll-mt-24 border-t border-stone-200 pt-8"
    >
      <h2 id="reviews-heading" className="text-2xl font-semibold tracking-tight">
        Reviews
      </h2>
      {average !== null && count > 0 ? (
        <p className="mt-2 flex items-center gap-2 text-stone-700">
          <Stars rating={average} className="text-lg" />
          <span>
            {average.toFixed(1)} out of 5, {count} {count === 1 ? "review" : "reviews"}
          </span>
        </p>
      ) : (
        <p className="mt-2 text-stone-600">No reviews yet.</p>
      )}

      <div className="mt-6 grid gap-10 lg:grid-cols-[1fr_22rem]">
        <div>
          {strayHelpful ? (
            <p role="alert" className="mb-4 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
              {strayHelpful.error}
            </p>
          ) : null}
          {count > 1 ? (
            <nav aria-label="Order of reviews" className="flex flex-wrap items-center gap-3 text-sm">
              <span className="text-stone-600">Show:</span>
              {REVIEW_SORTS.map((s) => (
                <Link
                  key={s}
                  to={reviewsHref(path, s, 1)}
                  preventScrollReset
                  aria-current={s === sort ? "true" : undefined}
                  className={s === sort ? "font-semibold text-stone-900" : "underline"}
                >
                  {REVIEW_SORT_LABELS[s]} first
                </Link>
              ))}
            </nav>
          ) : null}
          {reviews.length > 0 ? (
            <ol className="mt-4 divide-y divide-stone-200">
              {reviews.map((r) => (
                <li key={r.id} className="py-5">
                  <article aria-labelledby={`review-${r.id}-title`}>
                    <p className="flex items-center gap-2 text-sm">
                      <Stars rating={r.stars} />
                      <span className="sr-only">{r.stars} out of 5 stars</span>
                    </p>
                    <h3 id={`review-${r.id}-title`} className="mt-1 font-semibold">
                      {r.title}
                    </h3>
                    <p className="mt-1 text-xs text-stone-500">
                      {r.authorName}, <time dateTime={r.createdAt}>{dateFormat.format(new Date(r.createdAt))}</time>
                    </p>
                    <p className="mt-2 whitespace-pre-line break-words text-stone-700">{r.text}</p>
                    <HelpfulButton
                      review={r}
                      signedIn={signedIn}
                      failure={helpfulFailure?.reviewId === r.id ? helpfulFailure.error : null}
                    />
                  </article>
                </li>
              ))}
            </ol>
          ) : null}
          {pageCount > 1 ? (
            <nav aria-label="Pages of reviews" className="mt-4 flex flex-wrap items-center gap-4 text-sm">
              {page > 1 ? (
                <Link to={reviewsHref(path, sort, page - 1)} preventScrollReset rel="prev" className="underline">
                  Previous reviews
                </Link>
              ) : null}
              <span className="text-stone-600">
                Page {page} of {pageCount}
              </span>
              {page < pageCount ? (
                <Link to={reviewsHref(path, sort, page + 1)} preventScrollReset rel="next" className="underline">
                  More reviews
                </Link>
              ) : null}
            </nav>
          ) : null}
        </div>

        <div>
          <h3 className="text-lg font-semibold">Write a review</h3>
          <WhoMayReview eligibility={eligibility} path={path} formResult={formResult} />
        </div>
      </div>
    </section>
  );
}

function WhoMayReview({
  eligibility,
  path,
  formResult,
}: {
  eligibility: ReviewEligibility;
  path: string;
  formResult?: SubmissionResult<string[]>;
}) {
  switch (eligibility.kind) {
    case "eligible":
      return (
        <Suspense fallback={null}>
          <ReviewForm lastResult={formResult} />
        </Suspense>
      );
    case "sign-in":
      return (
        <p className="mt-2 text-sm text-stone-700">
          <Link to={`/auth/login?redirectTo=${encodeURIComponent(`${path}#reviews`)}`} className="underline">
            Sign in
          </Link>{" "}
          to review this product. Only customers who received it can review it.
        </p>
      );
    case "not-buyer":
      return <p className="mt-2 text-sm text-stone-700">Only customers who received this item can review it.</p>;
    case "reviewed":
      return (
        <p className="mt-2 text-sm text-stone-700">
          {eligibility.status === "pending"
            ? "You reviewed this product. Your review will appear once we have checked it."
            : "You reviewed this product."}
        </p>
      );
  }
}

function HelpfulButton({
  review,
  signedIn,
  failure,
}: {
  review: ReviewView;
  signedIn: boolean;
  failure: string | null;
}) {
  const counted =
    review.helpfulCount > 0 ? (
      <span className="text-stone-600">
        {review.helpfulCount === 1
          ? "1 person found this helpful."
          : `${review.helpfulCount} people found this helpful.`}
      </span>
    ) : null;
  if (!signedIn || review.voted) {
    return (
      <p className="mt-3 text-sm">
        {counted}
        {review.voted ? <span className="text-stone-600"> You found it helpful.</span> : null}
      </p>
    );
  }
  return (
    <Form method="post" preventScrollReset className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="helpful" />
      <input type="hidden" name="reviewId" value={review.id} />
      <button type="submit" className="btn-secondary px-3 py-1 text-sm" aria-describedby={`review-${review.id}-title`}>
        Helpful
      </button>
      {counted}
      {failure ? (
        <span role="alert" className="text-red-700">
          {failure}
        </span>
      ) : null}
    </Form>
  );
}
