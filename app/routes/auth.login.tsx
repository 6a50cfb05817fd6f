import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { GoogleSignIn } from "~/components/auth/GoogleSignIn";
import { AuthCard } from "~/components/forms/AuthCard";
import { Field, FormErrors, invalidFields } from "~/components/forms/Field";
import { HoneypotFields } from "~/components/forms/HoneypotFields";
import { loginSchema } from "~/lib/auth-schemas";
import { safeRedirect } from "~/lib/safe-redirect";
import { seo } from "~/lib/seo";
import { clientIp, getAuthState } from "~/server/http/session.server";
import { signedInHeaders } from "~/server/http/cart-cookie.server";
import { readForm } from "~/server/http/form-body.server";
import { failureStatus, formFailure, formGuardProblem, retryAfterHeaders } from "~/server/http/forms.server";
import { googleClientConfig } from "~/server/services/accounts/google-config.server";
import { parseForm } from "~/server/http/form-shape.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Sign in", description: "Sign in to your Hemline account.", noindex: true });

export const headers = retryAfterHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/");
  if ((await getAuthState(request, context)).user) throw redirect(redirectTo);
  return {
    redirectTo,
    google: googleClientConfig(context.shop.config),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, { schema: loginSchema });
  const problem = await formGuardProblem(formData, request, { honeypot: true });
  if (problem)
    return formFailure(submission.reply({ formErrors: [problem.message], hideFields: ["password"] }), problem.status);
  if (submission.status !== "success") return formFailure(submission.reply({ hideFields: ["password"] }));

  const { email, password, redirectTo } = submission.value;
  const result = await context.shop.accounts.signIn(email, password, clientIp(request, context));
  if (!result.success)
    return formFailure(
      submission.reply({ formErrors: [result.error], hideFields: ["password"] }),
      ...failureStatus(result, 401),
    );
  return redirect(safeRedirect(redirectTo, "/"), {
    status: 303,
    headers: await signedInHeaders(request, context, result),
  });
}

export default function Login() {
  const { redirectTo, google } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const registerHref =
    redirectTo === "/" ? "/auth/register" : `/auth/register?redirectTo=${encodeURIComponent(redirectTo)}`;

  return (
    <AuthCard
      title="Sign in"
      lead="Welcome back. Sign in to see your orders and check out faster."
      footer={
        <p>
          New to Hemline?{" "}
          <Link to={registerHref} className="font-medium text-stone-900 underline">
            Create an account
          </Link>
        </p>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <AuthenticityTokenInput />
        <HoneypotFields />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormErrors
          id={form.errorId}
          errors={form.errors}
          fields={invalidFields(form, { email: "E-mail", password: "Password" })}
        />
        <Field meta={fields.email} label="E-mail" type="email" autoComplete="email" />
        <Field meta={fields.password} label="Password" type="password" autoComplete="current-password" />
        <div className="flex items-center justify-between">
          <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Signing in…" : "Sign in"}
          </button>
          <Link to="/auth/forgot-password" className="text-sm underline">
            Forgot your password?
          </Link>
        </div>
      </Form>
      {google ? <GoogleSignIn config={google} redirectTo={redirectTo} /> : null}
    </AuthCard>
  );
}
