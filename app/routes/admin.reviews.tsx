import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { seo } from "~/lib/seo";
import { parsePage } from "~/server/http/admin-query.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { formFailure, formGuardProblem } from "~/server/http/forms.server";
import { parseForm } from "~/server/http/form-shape.server";
import { firstError } from "~/lib/form-reply";
import { z } from "zod";
import { REVIEW_STATUSES, type ReviewStatus } from "~/domain/review";
import { segmentClass } from "~/components/ui/segment-class";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Reviews", description: "Reviews waiting for approval, approved and rejected.", noindex: true });

const STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: "Waiting for approval",
  approved: "Approved",
  rejected: "Rejected",
};

function parseStatus(raw: string | null): { value: ReviewStatus; problems: string[] } {
  if (raw === null || raw === "") return { value: "pending", problems: [] };
  if ((REVIEW_STATUSES as readonly string[]).includes(raw)) return { value: raw as ReviewStatus, problems: [] };
  return {
    value: "pending",
    problems: [`“${raw.slice(0, 20)}” is not a review status; showing reviews waiting for approval.`],
  };
}

const listHref = (status: ReviewStatus, page: number) => {
  const params = new URLSearchParams();
  if (status !== "pending") params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/admin/reviews${query ? `?${query}` : ""}`;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "reviews.moderate");
  const params = new URL(request.url).searchParams;
  const status = parseStatus(params.get("status"));
  const page = parsePage(params.get("page"));
  const problems = [...status.problems, ...page.problems];
  const result = await context.shop.reviews.adminList(status.value, page.value);
  if (result.page !== page.value) problems.push(`There is no page ${page.value}; showing page ${result.page}.`);
  // A filter the shop cannot read is ignored (the page still lists reviews) and answered 400, with the reason on the page.
  return data(
    { ...result, status: status.value, problems },
    { status: status.problems.length || page.problems.length ? 400 : 200 },
  );
}

const moderationSchema = z.object({
  intent: z.enum(["approve", "reject"], { errorMap: () => ({ message: "Choose Approve or Reject." }) }),
  reviewId: z.string().max(64).default(""),
  // The list the button was on, to go back to (parseStatus falls back to the default).
  status: z.string().max(40).default(""),
});

/** Approve or reject one review (POST, CSRF), recorded in the audit log, then back to the list it came from. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requirePermission(request, context, "reviews.moderate");
  const formData = await readForm(request);
  const submission = parseForm(formData, { schema: moderationSchema });
  const fail = (message: string, status: number) => formFailure(submission.reply({ formErrors: [message] }), status);
  const problem = await formGuardProblem(formData, request);
  if (problem) return fail(problem.message, problem.status);
  if (submission.status !== "success") return formFailure(submission.reply(), 400);
  const { intent, reviewId, status } = submission.value;
  const back = listHref(parseStatus(status).value, 1);
  const result = await context.shop.reviews.moderate(actor, reviewId, intent === "approve" ? "approved" : "rejected");
  if (!result.ok) return fail(result.message, result.status);
  return redirectWithFlash(back, result.message);
}

const dateFormat = new Intl.DateTimeFormat("en-IE", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

export default function AdminReviews() {
  const { reviews, total, page, pageCount, status, problems } = useLoaderData<typeof loader>();
  const failure = firstError(useActionData<typeof action>()?.result);
  return (
    <AdminPage title="Reviews" problems={problems}>
      <nav aria-label="Reviews by status" className="mt-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          {REVIEW_STATUSES.map((s) => (
            <li key={s}>
              <Link
                to={listHref(s, 1)}
                aria-current={s === status ? "page" : undefined}
                className={segmentClass(s === status, "inline-block")}
              >
                {STATUS_LABELS[s]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {failure ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
          {failure.message}
        </p>
      ) : null}
      <p className="mt-4 text-sm text-stone-600">
        {total === 0
          ? `No reviews: ${STATUS_LABELS[status].toLowerCase()}.`
          : `${total} ${total === 1 ? "review" : "reviews"}: ${STATUS_LABELS[status].toLowerCase()}.`}
      </p>
      {reviews.length > 0 ? (
        <ul className="mt-4 space-y-4">
          {reviews.map((r) => (
            <li key={r.id} className="rounded-md border border-stone-200 p-4">
              <article aria-labelledby={`admin-review-${r.id}`}>
                <h2 id={`admin-review-${r.id}`} className="font-semibold [overflow-wrap:anywhere]">
                  {r.title}
                </h2>
                <p className="mt-1 text-sm text-stone-600">
                  {r.stars} out of 5 stars for{" "}
                  <Link to={`/products/${r.productId}`} className="underline">
                    {r.productName}
                  </Link>
                  , by {r.authorName}, <time dateTime={r.createdAt}>{dateFormat.format(new Date(r.createdAt))}</time>
                  {r.moderatedBy ? `; last ${r.status} by ${r.moderatedBy}` : ""}
                </p>
                <p className="mt-2 whitespace-pre-line break-words text-sm text-stone-800">{r.text}</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  {r.status !== "approved" ? (
                    <ModerateButton reviewId={r.id} status={status} intent="approve" className="btn-primary" />
                  ) : null}
                  {r.status !== "rejected" ? (
                    <ModerateButton reviewId={r.id} status={status} intent="reject" className="btn-secondary" />
                  ) : null}
                </div>
              </article>
            </li>
          ))}
        </ul>
      ) : null}
      {pageCount > 1 ? (
        <nav aria-label="Pages of reviews" className="mt-6 flex items-center gap-4 text-sm">
          {page > 1 ? (
            <Link to={listHref(status, page - 1)} rel="prev" className="underline">
              Previous page
            </Link>
          ) : null}
          <span>
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={listHref(status, page + 1)} rel="next" className="underline">
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </AdminPage>
  );
}

/** One moderation button in a form of its own; the tab (status) comes back after the redirect. */
function ModerateButton({
  reviewId,
  status,
  intent,
  className,
}: {
  reviewId: string;
  status: string;
  intent: "approve" | "reject";
  className: string;
}) {
  return (
    <Form method="post">
      <AuthenticityTokenInput />
      <input type="hidden" name="reviewId" value={reviewId} />
      <input type="hidden" name="status" value={status} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={className}
        aria-describedby={`admin-review-${reviewId}`}
      >
        {intent === "approve" ? "Approve" : "Reject"}
      </button>
    </Form>
  );
}
