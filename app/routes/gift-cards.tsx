import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { RouteErrorPage } from "~/components/RouteErrorPage";
import { firstError, replyFor } from "~/lib/form-reply";
import { formatMoney } from "~/domain/money";
import { seo } from "~/lib/seo";
import { readForm } from "~/server/http/form-body.server";
import { parseForm } from "~/server/http/form-shape.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { formGuardProblem, intentFailure, retryAfterHeaders } from "~/server/http/forms.server";
import { clientIp } from "~/server/http/session.server";
import { rateLimitMessage } from "~/server/services/accounts/rate-limit.server";
import { giftCardProblem } from "~/server/services/gift-cards/gift-cards.server";

// /gift-cards: a gift card's balance for whoever holds its code. A wrong code is counted against the
// client's address in the store (every instance sees it): after 10 in 15 minutes every lookup from it
// gets 429 with Retry-After. The answer is either the balance or "no card with that code", nothing more.

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Gift card balance", description: "Check what is left on a gift card.", path: "/gift-cards" });

export const headers = retryAfterHeaders;

const balanceSchema = z.object({
  code: z.string({ required_error: "Enter the gift card's code." }).trim().max(40, "That is not a gift card code."),
});

export async function loader() {
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, { schema: balanceSchema });
  const refuse = (message: string, status: number, headers?: HeadersInit) =>
    intentFailure("balance", submission.reply({ formErrors: [message], resetForm: false }), status, headers);
  const problem = await formGuardProblem(formData, request);
  if (problem) return refuse(problem.message, problem.status);
  if (submission.status !== "success") return intentFailure("balance", submission.reply(), 400);
  const found = await context.shop.giftCards.lookup(submission.value.code, clientIp(request, context));
  if (found.kind === "rate-limited")
    return refuse(rateLimitMessage(found.retryAfterSeconds), 429, { "Retry-After": String(found.retryAfterSeconds) });
  if (found.kind === "not-found") return refuse(giftCardProblem("not-found"), 400);
  const { card } = found;
  const message =
    card.status === "active"
      ? `Gift card ending ${card.last4}: ${formatMoney(card.balanceMinor, card.currency)} left to spend.`
      : `Gift card ending ${card.last4}: ${giftCardProblem("voided")}`;
  return redirectWithFlash("/gift-cards", message, { kind: card.status === "active" ? "success" : "info" });
}

export default function GiftCardBalance() {
  const answer = useActionData<typeof action>();
  const error = firstError(replyFor(answer, "balance"))?.message ?? null;
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:px-6">
      <Breadcrumbs trail={[{ label: "Gift card balance" }]} />
      <h1 className="mt-4 text-3xl font-semibold tracking-tight">Gift card balance</h1>
      <p className="mt-2 text-stone-700">
        Type the code from your gift card e-mail to see what is left on it. Spend it at checkout, in the Gift card
        field.
      </p>
      <Form method="post" className="mt-6 space-y-2">
        <AuthenticityTokenInput />
        <label htmlFor="gift-card-balance-code" className="block font-medium">
          Gift card code
        </label>
        <div className="flex gap-2">
          <input
            id="gift-card-balance-code"
            name="code"
            className="input w-full uppercase"
            autoComplete="off"
            placeholder="XXXX-XXXX-XXXX-XXXX"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "gift-card-balance-error" : undefined}
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            Check balance
          </button>
        </div>
        {error ? (
          <p id="gift-card-balance-error" role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage />;
}
