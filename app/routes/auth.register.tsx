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
import { PASSWORD_MIN, registerSchema } from "~/lib/auth-schemas";
import { safeRedirect } from "~/lib/safe-redirect";
import { seo } from "~/lib/seo";
import { clientIp, getAuthState } from "~/server/http/session.server";
import { signedInHeaders } from "~/server/http/cart-cookie.server";
import { readForm } from "~/server/http/form-body.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { failureStatus, formFailure, formGuardProblem, retryAfterHeaders } from "~/server/http/forms.server";
import { publicOrigin } from "~/server/http/public-origin.server";
import { UNAVAILABLE_MESSAGE } from "~/server/http/unavailable.server";
import { STORAGE_FULL_MESSAGE } from "~/server/store/storage-full";
import { googleClientConfig } from "~/server/services/accounts/google-config.server";
import { parseForm } from "~/server/http/form-shape.server";

export const meta: MetaFunction = (args) =>
  seo(args, {
    title: "Create an account",
    description: "Create a Hemline account to follow your orders and check out faster.",
    noindex: true,
  });

const HIDE = ["password", "confirmPassword"];

export const headers = retryAfterHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  if ((await getAuthState(request, context)).user) throw redirect(redirectTo);
  return { redirectTo, google: googleClientConfig(context.shop.config) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, { schema: registerSchema });
  const problem = await formGuardProblem(formData, request, { honeypot: true });
  if (problem)
    return formFailure(submission.reply({ formErrors: [problem.message], hideFields: HIDE }), problem.status);
  if (submission.status !== "success") return formFailure(submission.reply({ hideFields: HIDE }));

  const { email, password } = submission.value;
  const origin = publicOrigin(request);
  const result = await context.shop.accounts.register(email, password, clientIp(request, context), {
    signInUrl: `${origin}/auth/login`,
    resetUrl: `${origin}/auth/forgot-password`,
  });
  if (!result.success) {
    const otherwise = result.error === UNAVAILABLE_MESSAGE || result.error === STORAGE_FULL_MESSAGE ? 503 : 400;
    return formFailure(
      submission.reply({ formErrors: [result.error], hideFields: HIDE }),
      ...failureStatus(result, otherwise),
    );
  }
  const redirectTo = safeRedirect(formData.get("redirectTo"), "/");
  if ("alreadyRegistered" in result) {
    // The address has an account: the same redirect as for a new one, without a session; its
    // owner has been e-mailed. The notice reads true either way, so it reveals nothing more.
    return redirectWithFlash(redirectTo, checkEmailNotice(email), { kind: "info" });
  }
  return redirect(redirectTo, { status: 303, headers: await signedInHeaders(request, context, result) });
}

/** What someone who registered an address that already has an account reads (spec: no enumeration). */
function checkEmailNotice(email: string): string {
  return `We have sent a message to ${email.trim()}. Please check your inbox to continue.`;
}

export default function Register() {
  const { redirectTo, google } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "register",
    lastResult: actionData?.result,
    constraint: getZodConstraint(registerSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
  });
  return (
    <AuthCard
      title="Create an account"
      lead="Follow your orders, save your details and check out faster."
      footer={
        <p>
          Already have an account?{" "}
          <Link to="/auth/login" className="font-medium text-stone-900 underline">
            Sign in
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
          fields={invalidFields(form, { email: "E-mail", password: "Password", confirmPassword: "Repeat password" })}
        />
        <Field meta={fields.email} label="E-mail" type="email" autoComplete="email" />
        <Field
          meta={fields.password}
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters.`}
        />
        <Field meta={fields.confirmPassword} label="Repeat password" type="password" autoComplete="new-password" />
        <button type="submit" className="btn-primary w-full" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Creating your account…" : "Create account"}
        </button>
      </Form>
      {google ? <GoogleSignIn config={google} redirectTo={redirectTo} /> : null}
    </AuthCard>
  );
}
