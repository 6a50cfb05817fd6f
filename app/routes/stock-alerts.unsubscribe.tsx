import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormErrors } from "~/components/forms/Field";
import { seo } from "~/lib/seo";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { formFailure, formGuardProblem } from "~/server/http/forms.server";
import { parseForm } from "~/server/http/form-shape.server";
import { firstError } from "~/lib/form-reply";
import { z } from "zod";

export const meta: MetaFunction = (args) =>
  seo(args, {
    title: "Stop a back-in-stock alert",
    description: "Unsubscribe from a back-in-stock e-mail.",
    noindex: true,
  });

// The link in the alert's e-mails opens this page; only its button (a POST) ends the alert, so
// a mail scanner following links unsubscribes nobody.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const alert = await context.shop.stockAlerts.forToken(token);
  if (!alert) return data({ token: "", item: null, email: null }, { status: 404 });
  return { token: token ?? "", item: alert.item, email: alert.email };
}

// Any token the form sends is looked up; one no alert has is "already ended".
const unsubscribeSchema = z.object({ token: z.string().max(200).default("") });

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, { schema: unsubscribeSchema });
  const refuse = (message: string, status: number) => formFailure(submission.reply({ formErrors: [message] }), status);
  const problem = await formGuardProblem(formData, request);
  if (problem) return refuse(problem.message, problem.status);
  const token = submission.status === "success" ? submission.value.token : "";
  const alert = await context.shop.stockAlerts.forToken(token);
  if (!alert || !(await context.shop.stockAlerts.unsubscribe(token)))
    return refuse("This alert has already ended.", 404);
  return redirectWithFlash("/", `Unsubscribed: we will not e-mail ${alert.email} about ${alert.item}.`);
}

export default function UnsubscribeStockAlert() {
  const { token, item, email } = useLoaderData<typeof loader>();
  const error = firstError(useActionData<typeof action>()?.result)?.message;
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-semibold tracking-tight">Stop a back-in-stock alert</h1>
      {error ? (
        <div className="mt-4">
          <FormErrors id="unsubscribe-errors" errors={[error]} />
        </div>
      ) : null}
      {item ? (
        <>
          <p className="mt-4 text-stone-700">
            We will e-mail {email} once when {item} is back in stock.
          </p>
          <Form method="post" className="mt-6">
            <AuthenticityTokenInput />
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="btn-primary">
              Unsubscribe
            </button>
          </Form>
        </>
      ) : (
        <p className="mt-4 text-stone-700">This link is invalid, or the alert has already ended.</p>
      )}
    </div>
  );
}
