import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { reviewSchema } from "~/lib/review-schema";
import { requireUser } from "~/server/http/session.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { formGuardProblem, intentFailure } from "~/server/http/forms.server";
import { parseForm } from "~/server/http/form-shape.server";

export const REVIEW_AWAITS_APPROVAL = "Thank you for your review. It will appear on this page once we have checked it.";

/** The product page's review form (intent review): signed-in shoppers only; the service decides who may review. */
export async function reviewAction(request: Request, context: AppLoadContext, formData: FormData, productId: string) {
  const state = await requireUser(request, context);
  const submission = parseForm(formData, { schema: reviewSchema });
  const fail = (status: number, message?: string) =>
    intentFailure("review", submission.reply(message ? { formErrors: [message] } : undefined), status);
  const problem = await formGuardProblem(formData, request);
  if (problem) return fail(problem.status, problem.message);
  if (submission.status !== "success") return fail(400);
  const result = await context.shop.reviews.submit(
    { uid: state.user.uid, displayName: state.userProfile?.displayName ?? null },
    productId,
    submission.value,
  );
  if (!result.ok) return fail(result.status, result.message);
  return redirectWithFlash(`/products/${productId}#reviews`, REVIEW_AWAITS_APPROVAL);
}

const helpfulSchema = z.object({ intent: z.literal("helpful"), reviewId: z.string().max(64).default("") });

/** A "Helpful" button (intent helpful): one vote per signed-in shopper, back to the same page of reviews. */
export async function helpfulAction(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
  productId: string,
  back: string,
) {
  const state = await requireUser(request, context);
  const submission = parseForm(formData, { schema: helpfulSchema });
  // The message shows beside the button of the review it was about (the reply keeps reviewId).
  const fail = (status: number, message: string) =>
    intentFailure("helpful", submission.reply({ formErrors: [message] }), status);
  const problem = await formGuardProblem(formData, request);
  if (problem) return fail(problem.status, problem.message);
  const reviewId = submission.status === "success" ? submission.value.reviewId : "";
  const result = await context.shop.reviews.voteHelpful(state.user.uid, productId, reviewId);
  if (!result.ok) return fail(result.status, result.message);
  return redirectWithFlash(back, result.message);
}
