import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { FormErrors } from "~/components/forms/Field";
import { firstError } from "~/lib/form-reply";
import { seo } from "~/lib/seo";
import { writableCartId } from "~/server/http/cart-cookie.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { parseForm } from "~/server/http/form-shape.server";
import { formFailure, formGuardProblem } from "~/server/http/forms.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Return to your cart", description: "Put back the cart you left.", noindex: true });

// The reminder's link opens this page; only its button (a POST) fills the cart and uses up the
// single-use link, so a mail scanner following links neither spends it nor fills its own cart.

const MESSAGES = {
  invalid: { message: "This link is not one of ours, or it was changed. Your cart was not touched.", status: 400 },
  expired: { message: "This link has expired: links in our reminders work for 7 days.", status: 410 },
  used: { message: "This link was already used: each reminder's link works once.", status: 410 },
} as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state = context.shop.reminders.checkRestore(token);
  if (state !== "ok") return data({ token: "", problem: MESSAGES[state].message }, { status: MESSAGES[state].status });
  return { token, problem: null };
}

const restoreSchema = z.object({ token: z.string().max(400).default("") });

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, { schema: restoreSchema });
  const refuse = (message: string, status: number) => formFailure(submission.reply({ formErrors: [message] }), status);
  const problem = await formGuardProblem(formData, request);
  if (problem) return refuse(problem.message, problem.status);
  const token = submission.status === "success" ? submission.value.token : "";
  const { cartId, headers } = await writableCartId(request, context);
  const result = await context.shop.reminders.restore(token, cartId);
  if (result.kind !== "restored") return refuse(MESSAGES[result.kind].message, MESSAGES[result.kind].status);
  if (result.kept === 0)
    return redirectWithFlash(
      "/cart",
      "None of the items you left are on sale any more, so your cart was not changed.",
      {
        kind: "info",
        headers,
      },
    );
  const message =
    result.left > 0
      ? "Your cart is back. Some items are no longer on sale, or fewer are left: they were left out or reduced."
      : "Your cart is back, as you left it.";
  return redirectWithFlash("/cart", message, { headers });
}

export default function RestoreCart() {
  const { token, problem } = useLoaderData<typeof loader>();
  const error = firstError(useActionData<typeof action>()?.result)?.message;
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-semibold tracking-tight">Return to your cart</h1>
      {error ? (
        <div className="mt-4">
          <FormErrors id="restore-errors" errors={[error]} />
        </div>
      ) : null}
      {problem ? (
        <>
          <p className="mt-4 text-stone-700">{problem}</p>
          <p className="mt-4">
            <Link to="/products" className="font-medium underline">
              Browse the shop
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="mt-4 text-stone-700">
            Put back the items from our e-mail. They replace what is in your cart now; prices and stock are checked
            again.
          </p>
          <Form method="post" className="mt-6">
            <AuthenticityTokenInput />
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="btn-primary">
              Restore my cart
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
