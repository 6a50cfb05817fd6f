import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { FormErrors } from "~/components/forms/Field";
import { firstError } from "~/lib/form-reply";
import { seo } from "~/lib/seo";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { parseForm } from "~/server/http/form-shape.server";
import { formFailure, formGuardProblem } from "~/server/http/forms.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Stop cart reminders", description: "Unsubscribe from cart reminder e-mails.", noindex: true });

// The reminder's unsubscribe link opens this page; its button (a POST with the CSRF token)
// stores the opt-out, without signing in. Mail providers' one-click unsubscribe (RFC 8058) posts
// `List-Unsubscribe=One-Click` to the List-Unsubscribe address itself: no CSRF token there, the
// signed token in the address is the proof.

const BAD_LINK = "This unsubscribe link is not one of ours, or it was changed. Use the link in the e-mail.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const email = context.shop.reminders.unsubscribeAddress(token);
  if (!email) return data({ token: "", email: null }, { status: 400 });
  return { token, email };
}

const unsubscribeSchema = z.object({ token: z.string().max(600).default("") });

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const { reminders } = context.shop;
  if (formData.get("List-Unsubscribe") === "One-Click") {
    const token = new URL(request.url).searchParams.get("token");
    if (!(await reminders.unsubscribe(token))) return new Response(BAD_LINK, { status: 400 });
    return new Response("Unsubscribed from cart reminders.", { status: 200 });
  }
  const submission = parseForm(formData, { schema: unsubscribeSchema });
  const refuse = (message: string, status: number) => formFailure(submission.reply({ formErrors: [message] }), status);
  const problem = await formGuardProblem(formData, request);
  if (problem) return refuse(problem.message, problem.status);
  const token = submission.status === "success" ? submission.value.token : "";
  const email = reminders.unsubscribeAddress(token);
  if (!email || !(await reminders.unsubscribe(token))) return refuse(BAD_LINK, 400);
  return redirectWithFlash("/", `Unsubscribed: we will not send cart reminders to ${email}.`);
}

export default function UnsubscribeReminders() {
  const { token, email } = useLoaderData<typeof loader>();
  const error = firstError(useActionData<typeof action>()?.result)?.message;
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-semibold tracking-tight">Stop cart reminders</h1>
      {error ? (
        <div className="mt-4">
          <FormErrors id="unsubscribe-errors" errors={[error]} />
        </div>
      ) : null}
      {email ? (
        <>
          <p className="mt-4 text-stone-700">
            We e-mail {email} when a checkout is left unfinished. Stop these reminders for good?
          </p>
          <Form method="post" className="mt-6">
            <AuthenticityTokenInput />
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="btn-primary">
              Stop reminders
            </button>
          </Form>
        </>
      ) : (
        <p className="mt-4 text-stone-700">{BAD_LINK}</p>
      )}
    </div>
  );
}
