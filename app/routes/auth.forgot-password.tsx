import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AuthCard } from "~/components/forms/AuthCard";
import { Field, FormErrors, invalidFields } from "~/components/forms/Field";
import { HoneypotFields } from "~/components/forms/HoneypotFields";
import { forgotPasswordSchema } from "~/lib/auth-schemas";
import { seo } from "~/lib/seo";
import { clientIp } from "~/server/http/session.server";
import { publicOrigin } from "~/server/http/public-origin.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { failureStatus, formFailure, formGuardProblem, retryAfterHeaders } from "~/server/http/forms.server";
import { parseForm } from "~/server/http/form-shape.server";

// Like the other sign-in pages, shown without the shop's header and footer.
export const handle = { layout: false };

export const meta: MetaFunction = (args) =>
  seo(args, {
    title: "Forgot your password?",
    description: "Get a link to choose a new Hemline password.",
    noindex: true,
  });

export const headers = retryAfterHeaders;

export function loader({ context }: LoaderFunctionArgs) {
  return { shopName: context.shop.config.shopName };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, { schema: forgotPasswordSchema });
  const problem = await formGuardProblem(formData, request, { honeypot: true });
  if (problem) return formFailure(submission.reply({ formErrors: [problem.message] }), problem.status);
  if (submission.status !== "success") return formFailure(submission.reply());

  const { config, accounts } = context.shop;
  const origin = publicOrigin(request, config);
  const result = await accounts.requestPasswordReset(
    submission.value.email,
    clientIp(request, context),
    (token) => `${origin}/auth/reset-password?token=${encodeURIComponent(token)}`,
  );
  if (!result.success)
    return formFailure(submission.reply({ formErrors: [result.error] }), ...failureStatus(result, 503));
  // The same answer whether or not the address has an account.
  return redirectWithFlash("/auth/forgot-password", RESET_SENT, { kind: "info" });
}

const RESET_SENT =
  "If an account exists for that address, we have sent it a link to reset the password. The link works for one hour.";

export default function ForgotPassword() {
  const { shopName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(forgotPasswordSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-stone-50">
      <Link to="/" className="font-serif text-2xl font-bold">
        {shopName}
      </Link>
      <div className="mt-4 w-full max-w-md rounded-xl bg-white shadow-sm">
        <AuthCard
          title="Forgot your password?"
          lead="Enter the e-mail address of your account and we will send you a link to choose a new password."
          footer={
            <p>
              Remembered it?{" "}
              <Link to="/auth/login" className="font-medium text-stone-900 underline">
                Back to sign in
              </Link>
            </p>
          }
        >
          <Form method="post" {...getFormProps(form)} className="space-y-5">
            <AuthenticityTokenInput />
            <HoneypotFields />
            <FormErrors id={form.errorId} errors={form.errors} fields={invalidFields(form, { email: "E-mail" })} />
            <Field meta={fields.email} label="E-mail" type="email" autoComplete="email" />
            <button type="submit" className="btn-primary w-full" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? "Sending…" : "Send reset link"}
            </button>
          </Form>
        </AuthCard>
      </div>
    </div>
  );
}
