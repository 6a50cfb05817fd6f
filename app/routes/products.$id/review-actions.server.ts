import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { reviewSchema } from "~/lib/review-schema";
import { requireUser } from "~/server/http/session.server";
import { getContext } from "~/server/context.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { formGuardProblem } from "~/server/http/forms.server";
import { parseForm } from "~/server/http/form-shape.server";

/** What the product page shows when its review form cannot be accepted: the form, kept, with the reasons. */
export interface ReviewFormFailure {
  review: SubmissionResult<string[]>;
}

export const REVIEW_AWAITS_APPROVAL = "Thank you for your review. It will appear on this page once we have checked it.";

/** The product page's review form (intent review): signed-in shoppers only; the service decides who may review. */
export async function reviewAction(request: Request, formData: FormData, productId: string) {
  const state = await requireUser(request);
  const submission = parseForm(formData, { schema: reviewSchema });
  const fail = (status: number, message?: string) =>
    data<ReviewFormFailure>({ review: submission.reply(message ? { formErrors: [message] } : undefined) }, { status });
  const problem = await formGuardProblem(formData, request);
  if (problem) return fail(problem.status, problem.message);
  if (submission.status !== "success") return fail(400);
  const result = await getContext().reviews.submit(
    { uid: state.user.uid, displayName: state.userProfile?.displayName ?? null },
    productId,
    submission.value,
  );
  if (!result.ok) return fail(result.status, result.message);
  return redirectWithFlash(`/products/${productId}#reviews`, REVIEW_AWAITS_APPROVAL);
}

/** What the product page shows beside a "Helpful" button whose vote was not counted. */
export interface HelpfulFailure {
  helpful: { reviewId: string; error: string };
}

/** A "Helpful" button (intent helpful): one vote per signed-in shopper, back to the same page of reviews. */
export async function helpfulAction(request: Request, formData: FormData, productId: string, back: string) {
  const state = await requireUser(request);
  const reviewId = String(formData.get("reviewId") ?? "").slice(0, 64);
  const fail = (status: number, error: string) => data<HelpfulFailure>({ helpful: { reviewId, error } }, { status });
  const problem = await formGuardProblem(formData, request);
  if (problem) return fail(problem.status, problem.message);
  const result = await getContext().reviews.voteHelpful(state.user.uid, productId, reviewId);
  if (!result.ok) return fail(result.status, result.message);
  return redirectWithFlash(back, result.message);
}
