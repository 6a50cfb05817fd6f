import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AuthCard } from "~/components/forms/AuthCard";
import { Field, FormErrors, invalidFields } from "~/components/forms/Field";
import { PASSWORD_CHANGED_MESSAGE, PASSWORD_MIN, RESET_LINK_INVALID, resetPasswordSchema } from "~/lib/auth-schemas";
import { seo } from "~/lib/seo";
import { clearSession } from "~/server/http/session.server";
import { readForm } from "~/server/http/form-body.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { formFailure, formGuardProblem } from "~/server/http/forms.server";
import { parseForm } from "~/server/http/form-shape.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Choose a new password", description: "Choose a new Hemline password.", noindex: true });

/** The embedded backend's ?token=…, or Firebase's action-link ?mode=resetPassword&oobCode=… */
function codeFrom(url: URL): string | null {
  if (url.searchParams.get("mode") && url.searchParams.get("mode") !== "resetPassword") return null;
  const code = url.searchParams.get("token") ?? url.searchParams.get("oobCode");
  return code && code.length <= 2000 ? code : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const code = codeFrom(new URL(request.url));
  if (!code) return { code: null, email: null, error: RESET_LINK_INVALID };
  const check = await context.shop.accounts.checkResetCode(code);
  return check.success ? { code, email: check.email, error: null } : { code: null, email: null, error: check.error };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, { schema: resetPasswordSchema });
  const hide = ["password", "confirmPassword"];
  const problem = await formGuardProblem(formData, request);
  if (problem)
    return formFailure(submission.reply({ formErrors: [problem.message], hideFields: hide }), problem.status);
  if (submission.status !== "success") return formFailure(submission.reply({ hideFields: hide }));
  const result = await context.shop.accounts.resetPassword(submission.value.code, submission.value.password);
  if (!result.success) return formFailure(submission.reply({ formErrors: [result.error], hideFields: hide }), 400);
  // Every session ended with the reset, this browser's too.
  return redirectWithFlash("/auth/login", PASSWORD_CHANGED_MESSAGE, {
    headers: { "Set-Cookie": await clearSession() },
  });
}

export default function ResetPassword() {
  const { code, email, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(resetPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  if (!code) {
    return (
      <AuthCard title="Choose a new password">
        <FormErrors id="reset-error" errors={[error ?? RESET_LINK_INVALID]} />
        <Link to="/auth/forgot-password" className="btn-primary">
          Request a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" lead={email ? `For ${email}.` : undefined}>
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <AuthenticityTokenInput />
        <input type="hidden" name="code" value={code} />
        <FormErrors
          id={form.errorId}
          errors={form.errors}
          fields={invalidFields(form, { password: "New password", confirmPassword: "Repeat new password" })}
        />
        <Field
          meta={fields.password}
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters.`}
        />
        <Field meta={fields.confirmPassword} label="Repeat new password" type="password" autoComplete="new-password" />
        <button type="submit" className="btn-primary w-full" disabled={navigation.state === "submitting"}>
          Save new password
        </button>
      </Form>
    </AuthCard>
  );
}
