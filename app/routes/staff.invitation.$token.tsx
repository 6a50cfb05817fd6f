import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { AuthCard } from "~/components/forms/AuthCard";
import { ROLE_LABELS } from "~/domain/staff";
import { firstError } from "~/lib/form-reply";
import { seo } from "~/lib/seo";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { parseForm } from "~/server/http/form-shape.server";
import { formFailure, formGuardProblem } from "~/server/http/forms.server";
import { getAuthState, loginRedirectPath } from "~/server/http/session.server";
import { INVITATION_MESSAGES } from "~/server/services/staff/staff.server";

// An invitation to the back office (/staff/invitation/<token>, e-mailed by an owner): the invited
// address signs in, or registers, and accepts. A used, expired or unknown link says so (410).

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Join the staff", description: "Accept an invitation to the back office.", noindex: true });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [state, auth] = await Promise.all([
    context.shop.staff.invitation(params.token ?? ""),
    getAuthState(request, context),
  ]);
  if (state.status !== "valid")
    return data({ problem: INVITATION_MESSAGES[state.status], invitation: null, signedInAs: null }, { status: 410 });
  const back = encodeURIComponent(new URL(request.url).pathname);
  return {
    problem: null,
    invitation: {
      email: state.invitation.email,
      roleLabel: ROLE_LABELS[state.invitation.role],
      invitedBy: state.invitation.invitedBy,
      signIn: `/auth/login?redirectTo=${back}`,
      register: `/auth/register?redirectTo=${back}`,
    },
    signedInAs: auth.user ? (auth.user.email ?? "").toLowerCase() : null,
  };
}

// The one form has no fields: accepting is the whole of it.
const acceptSchema = z.object({});

export async function action({ request, params, context }: ActionFunctionArgs) {
  const auth = await getAuthState(request, context);
  if (!auth.user) throw redirect(loginRedirectPath(request));
  const formData = await readForm(request);
  const submission = parseForm(formData, { schema: acceptSchema });
  const fail = (message: string, status: number) => formFailure(submission.reply({ formErrors: [message] }), status);
  const problem = await formGuardProblem(formData, request);
  if (problem) return fail(problem.message, problem.status);
  const result = await context.shop.staff.accept(params.token ?? "", {
    uid: auth.user.uid,
    email: auth.userProfile?.email ?? auth.user.email,
  });
  if (!result.ok) return fail(result.message, result.status);
  return redirectWithFlash("/admin", `Welcome to the staff: your role is ${ROLE_LABELS[result.role]}.`);
}

export default function StaffInvitation() {
  const { problem, invitation, signedInAs } = useLoaderData<typeof loader>();
  const failure = firstError(useActionData<typeof action>()?.result);
  return (
    <AuthCard title="Join the staff">
      {failure ? (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
          {failure.message}
        </p>
      ) : null}
      {problem || !invitation ? (
        <p role="alert" className="text-sm text-stone-700">
          {problem}
        </p>
      ) : (
        <div className="grid gap-4 text-sm">
          <p>
            {invitation.invitedBy} invites <strong>{invitation.email}</strong> to the back office as{" "}
            <strong>{invitation.roleLabel}</strong>.
          </p>
          {signedInAs === invitation.email ? (
            <Form method="post">
              <AuthenticityTokenInput />
              <button type="submit" className="btn-primary">
                Accept the invitation
              </button>
            </Form>
          ) : signedInAs ? (
            <p>
              You are signed in as {signedInAs}. This invitation is for {invitation.email}: sign out, then sign in with
              that address to accept it.
            </p>
          ) : (
            <p>
              <Link to={invitation.signIn} className="underline">
                Sign in as {invitation.email}
              </Link>{" "}
              to accept, or{" "}
              <Link to={invitation.register} className="underline">
                create an account
              </Link>{" "}
              with that address.
            </p>
          )}
        </div>
      )}
    </AuthCard>
  );
}
