import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AddressBook } from "~/components/account/AddressBook";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field, FormErrors, invalidFields } from "~/components/forms/Field";
import { changePasswordSchema, PASSWORD_MIN, profileSchema } from "~/lib/auth-schemas";
import { seo } from "~/lib/seo";
import { clearSession, commitSession, requireUser } from "~/server/http/session.server";
import { readForm } from "~/server/http/form-body.server";
import { formFailure, formGuardProblem } from "~/server/http/forms.server";
import { roleOf } from "~/server/services/accounts/roles.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { parseForm } from "~/server/http/form-shape.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Your profile", description: "Your Hemline account.", noindex: true });

const NOTICES = {
  name: "Your name has been saved.",
  password: "Your password has been changed. Other devices have been signed out.",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireUser(request, context);
  const addresses = await context.shop.addressBook.list(state.user.uid);
  return {
    addresses,
    email: state.user.email,
    role: roleOf(state.userProfile),
    displayName: state.userProfile?.displayName ?? "",
    memberSince: state.userProfile?.createdAt ?? null,
    profileError: state.error,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireUser(request, context);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const { accounts } = context.shop;
  const problem = await formGuardProblem(formData, request);

  if (intent === "update-profile") {
    const submission = parseForm(formData, { schema: profileSchema });
    if (problem) return formFailure(submission.reply({ formErrors: [problem.message] }), problem.status);
    if (submission.status !== "success") return formFailure(submission.reply());
    const result = await accounts.updateProfile(state, { displayName: submission.value.displayName || null });
    if (!result.success)
      return formFailure(
        submission.reply({ formErrors: [result.error] }),
        result.error === "Firestore not available" ? 503 : 401,
      );
    return redirectWithFlash("/profile", NOTICES.name);
  }

  if (intent === "change-password") {
    const hide = ["currentPassword", "newPassword", "confirmPassword"];
    const submission = parseForm(formData, { schema: changePasswordSchema });
    if (problem)
      return formFailure(submission.reply({ formErrors: [problem.message], hideFields: hide }), problem.status);
    if (submission.status !== "success") return formFailure(submission.reply({ hideFields: hide }));
    const result = await accounts.changePassword(state, submission.value.currentPassword, submission.value.newPassword);
    if (!result.success) return formFailure(submission.reply({ formErrors: [result.error], hideFields: hide }), 400);
    return redirectWithFlash("/profile", NOTICES.password, {
      headers: { "Set-Cookie": await commitSession(result.session) },
    });
  }

  if (intent === "sign-out-everywhere") {
    if (problem)
      return formFailure(
        { status: "error", initialValue: { intent }, error: { "": [problem.message] } },
        problem.status,
      );
    const result = await accounts.signOutEverywhere(state);
    if (!result.success)
      return formFailure(
        { status: "error", initialValue: { intent }, error: { "": [result.error] } },
        result.error === "Firestore not available" ? 503 : 401,
      );
    return redirect("/", { status: 303, headers: { "Set-Cookie": await clearSession() } });
  }

  return formFailure({ status: "error", error: { "": ["Unknown action. Please try again."] } }, 400);
}

export default function Profile() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Each form shows only the errors of its own submission.
  const lastIntent = actionData?.result.initialValue?.intent;
  const [nameForm, nameFields] = useForm({
    id: "profile-name",
    lastResult: lastIntent === "update-profile" ? actionData?.result : undefined,
    defaultValue: { displayName: data.displayName },
    constraint: getZodConstraint(profileSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  const [passwordForm, passwordFields] = useForm({
    id: "profile-password",
    lastResult: lastIntent === "change-password" ? actionData?.result : undefined,
    constraint: getZodConstraint(changePasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  const everywhereErrors =
    actionData && (lastIntent === "sign-out-everywhere" || !lastIntent)
      ? Object.values(actionData.result.error ?? {})
          .flat()
          .filter((e): e is string => typeof e === "string")
      : [];
  const memberSince = data.memberSince
    ? new Date(data.memberSince).toLocaleDateString("en-IE", { day: "numeric", month: "long", year: "numeric" })
    : "—";

  return (
    <div className="mx-auto max-w-2xl space-y-10 px-4 py-12">
      <div>
        <h1 className="text-3xl font-semibold tracking-tight">Your profile</h1>
        {data.profileError ? (
          <div className="mt-4">
            <FormErrors id="profile-load-error" errors={[data.profileError]} />
          </div>
        ) : null}
        <dl className="mt-6 grid grid-cols-[9rem_1fr] gap-y-2 text-sm">
          <dt className="text-stone-500">E-mail</dt>
          <dd>{data.email}</dd>
          <dt className="text-stone-500">Role</dt>
          <dd>{data.role === "admin" ? "Administrator" : "Customer"}</dd>
          <dt className="text-stone-500">Member since</dt>
          <dd>{memberSince}</dd>
        </dl>
      </div>

      <section aria-labelledby="name-heading" className="border-t border-stone-200 pt-8">
        <h2 id="name-heading" className="text-lg font-semibold">
          Your name
        </h2>
        <Form method="post" {...getFormProps(nameForm)} className="mt-4 space-y-4">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="update-profile" />
          <FormErrors
            id={nameForm.errorId}
            errors={nameForm.errors}
            fields={invalidFields(nameForm, { displayName: "Display name" })}
          />
          <Field meta={nameFields.displayName} label="Display name" type="text" autoComplete="name" />
          <button type="submit" className="btn-primary">
            Save name
          </button>
        </Form>
      </section>

      <AddressBook addresses={data.addresses} />

      <section aria-labelledby="password-heading" className="border-t border-stone-200 pt-8">
        <h2 id="password-heading" className="text-lg font-semibold">
          Change password
        </h2>
        <Form method="post" {...getFormProps(passwordForm)} className="mt-4 space-y-4">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="change-password" />
          <FormErrors
            id={passwordForm.errorId}
            errors={passwordForm.errors}
            fields={invalidFields(passwordForm, {
              currentPassword: "Current password",
              newPassword: "New password",
              confirmPassword: "Repeat new password",
            })}
          />
          <Field
            meta={passwordFields.currentPassword}
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <Field
            meta={passwordFields.newPassword}
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN} characters.`}
          />
          <Field
            meta={passwordFields.confirmPassword}
            label="Repeat new password"
            type="password"
            autoComplete="new-password"
          />
          <button type="submit" className="btn-primary">
            Change password
          </button>
        </Form>
      </section>

      <section aria-labelledby="sessions-heading" className="border-t border-stone-200 pt-8">
        <h2 id="sessions-heading" className="text-lg font-semibold">
          Devices
        </h2>
        <p className="mt-2 text-sm text-stone-600">
          Lost a phone or used a shared computer? Sign out of Hemline on every device, this one included.
        </p>
        <Form method="post" className="mt-4">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <FormErrors id="everywhere-errors" errors={everywhereErrors} />
          <button type="submit" className="btn-secondary">
            Sign out everywhere
          </button>
        </Form>
      </section>
    </div>
  );
}
