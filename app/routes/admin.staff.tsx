import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  BASE_CURRENCY,
  currencySymbol,
  formatMoney,
  formatMoneyInText,
  minorToInput,
  inputToMinor,
} from "~/domain/money";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { AdminPage, AdminSection } from "~/components/admin/AdminPage";
import { SecretShownOnce } from "~/components/admin/SecretShownOnce";
import { isStaffRole, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/domain/staff";
import { formatDateTime } from "~/lib/admin-format";
import { firstError, replyFor, sentValue } from "~/lib/form-reply";
import { seo } from "~/lib/seo";
import { shownOnceFor } from "~/lib/shown-once";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { parseForm } from "~/server/http/form-shape.server";
import { formGuardProblem, intentFailure, shownOnceAnswer } from "~/server/http/forms.server";
import { requirePermission } from "~/server/http/permissions.server";
import { publicOrigin } from "~/server/http/public-origin.server";

// /admin/staff (owner only): invite people by e-mail with a role, change a member's role (and a
// support member's refund limit), revoke access, withdraw an invitation. Each change is audited.

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Staff", description: "Who runs the shop, and what each of them may do.", noindex: true });

// The answer to an invitation shows its link once: no cache or history may keep the page.
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const cacheControl = actionHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "staff.manage");
  const { members, invitations } = await context.shop.staff.list();
  return {
    owners: context.shop.config.adminEmails,
    members,
    invitations: invitations.map(({ tokenHash, email, role, refundLimitMinor, invitedBy, expiresAt }) => ({
      tokenHash,
      email,
      role,
      refundLimitMinor,
      invitedBy,
      expiresAt,
    })),
  };
}

// One schema for the page's four forms; what each intent needs is read below.
const staffSchema = z.object({
  intent: z.string().max(20).default(""),
  email: z.string().max(254).default(""),
  role: z.string().max(20).optional(),
  refundLimit: z.string().max(20).optional(),
  uid: z.string().max(128).default(""),
  tokenHash: z.string().max(64).default(""),
});
type StaffForm = z.output<typeof staffSchema>;
const INTENTS = ["invite", "role", "revoke", "withdraw"] as const;
type Intent = (typeof INTENTS)[number];

/** A role and, for support, the refund limit in euros; a message when either cannot be read. */
function readRole(form: StaffForm): { role: StaffRole; refundLimitMinor: number | null } | string {
  if (!isStaffRole(form.role)) return "Choose a role.";
  if (form.role !== "support") return { role: form.role, refundLimitMinor: null };
  const limit = inputToMinor(form.refundLimit ?? "", BASE_CURRENCY);
  if (limit === null) return "Enter the support member's refund limit in euros, such as 50 or 49.99.";
  return { role: form.role, refundLimitMinor: limit };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requirePermission(request, context, "staff.manage");
  const formData = await readForm(request);
  const submission = parseForm(formData, { schema: staffSchema });
  // Any intent the page does not know goes to its main form, the invitation, which refuses it.
  const sent = formData.get("intent");
  const intent: Intent = INTENTS.find((i) => i === sent) ?? "invite";
  const fail = (message: string, status = 400) =>
    intentFailure(intent, submission.reply({ formErrors: [message] }), status);
  const problem = await formGuardProblem(formData, request);
  if (problem) return fail(problem.message, problem.status);
  if (submission.status !== "success") return intentFailure(intent, submission.reply());
  const form = submission.value;
  const { staff } = context.shop;
  switch (form.intent) {
    case "invite": {
      const role = readRole(form);
      if (typeof role === "string") return fail(role);
      const result = await staff.invite(form.email, role, actor, publicOrigin(request));
      if (!result.ok) return fail(result.message);
      // The link is shown here once (and e-mailed): the shop keeps only its hash.
      return shownOnceAnswer("invite", {
        message:
          `Invited ${result.invitation.email} as ${ROLE_LABELS[role.role]}. ` +
          "The link was e-mailed to them; it works once, for 7 days. It is shown only now.",
        label: "Invitation link",
        secret: result.link,
      });
    }
    case "role": {
      const role = readRole(form);
      if (typeof role === "string") return fail(role);
      const member = await staff.changeRole(form.uid, role, actor);
      if (!member) return fail("That person is no longer on the staff.", 404);
      return redirectWithFlash("/admin/staff", `${member.email} is now ${ROLE_LABELS[member.role]}.`);
    }
    case "revoke": {
      const member = await staff.revoke(form.uid, actor);
      if (!member) return fail("That person is no longer on the staff.", 404);
      return redirectWithFlash("/admin/staff", `${member.email} no longer has access to the back office.`);
    }
    case "withdraw": {
      const withdrawn = await staff.withdraw(form.tokenHash, actor);
      if (!withdrawn) return fail("That invitation was already accepted or withdrawn.", 404);
      return redirectWithFlash("/admin/staff", "The invitation was withdrawn: its link no longer works.");
    }
    default:
      return fail("Choose what to do: invite, change a role, revoke or withdraw.");
  }
}

/** A refusal shown beside the form it answers. */
function Refusal({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="mt-2 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
      {message}
    </p>
  ) : null;
}

function RoleFields({
  idPrefix,
  role,
  refundLimitMinor,
}: {
  idPrefix: string;
  role?: StaffRole;
  refundLimitMinor?: number | null;
}) {
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-role`} className="block text-sm font-medium">
          Role
        </label>
        <select id={`${idPrefix}-role`} name="role" defaultValue={role ?? "fulfilment"} className="input mt-1">
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-limit`} className="block text-sm font-medium">
          {`Refund limit (${currencySymbol(BASE_CURRENCY)}, support only)`}
        </label>
        <input
          id={`${idPrefix}-limit`}
          name="refundLimit"
          inputMode="decimal"
          defaultValue={minorToInput(refundLimitMinor ?? null, BASE_CURRENCY)}
          className="input mt-1 w-32"
        />
      </div>
    </>
  );
}

const ROLE_TEXT: Record<StaffRole, string> = {
  manager: "Everything but staff, API keys and webhooks.",
  fulfilment: "Orders: view, ship with tracking, deliver, receive returns. No refunds, no prices.",
  support: "Customers and orders: view, notes, refunds up to their limit. No catalogue changes.",
  content: "Blog, product texts and images. Not prices, stock or promotions.",
};

export default function AdminStaff() {
  const { owners, members, invitations } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const invited = shownOnceFor(answer, "invite");
  const inviteError = firstError(replyFor(answer, "invite"))?.message;
  // A member's or an invitation's refusal is shown at its row, found by the value the form sent.
  const rowError = (intents: Intent[], name: string, value: string) => {
    const reply = intents.map((i) => replyFor(answer, i)).find(Boolean);
    return sentValue(reply, name) === value ? firstError(reply)?.message : undefined;
  };
  return (
    <AdminPage title="Staff">
      {invited ? <SecretShownOnce shown={invited} /> : null}

      <AdminSection id="roles-heading" title="Roles">
        <dl className="grid gap-2 text-sm">
          <div>
            <dt className="inline font-semibold">Owner: </dt>
            <dd className="inline">Everything (the accounts in ADMIN_EMAILS: {owners.join(", ") || "none"}).</dd>
          </div>
          {STAFF_ROLES.map((r) => (
            <div key={r}>
              <dt className="inline font-semibold">{ROLE_LABELS[r]}: </dt>
              <dd className="inline">{ROLE_TEXT[r]}</dd>
            </div>
          ))}
        </dl>
      </AdminSection>

      <AdminSection id="invite-heading" title="Invite someone">
        <Form method="post" className="flex flex-wrap items-end gap-4">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="invite" />
          <div>
            <label htmlFor="invite-email" className="block text-sm font-medium">
              E-mail
            </label>
            <input id="invite-email" name="email" type="email" required className="input mt-1" autoComplete="off" />
          </div>
          <RoleFields idPrefix="invite" />
          <button type="submit" className="btn-primary" disabled={busy}>
            Send invitation
          </button>
        </Form>
        <Refusal message={inviteError} />
      </AdminSection>

      <AdminSection id="members-heading" title="Members">
        {members.length === 0 ? (
          <p className="text-sm text-stone-600">Nobody but the owners yet.</p>
        ) : (
          <ul className="grid gap-4">
            {members.map((m) => (
              <li key={m.uid} className="rounded-md border border-stone-200 p-4" aria-label={m.email}>
                <p className="font-semibold [overflow-wrap:anywhere]">{m.email}</p>
                <p className="text-sm text-stone-600">
                  {ROLE_LABELS[m.role]}
                  {m.role === "support"
                    ? ` · refunds up to ${formatMoneyInText(m.refundLimitMinor ?? 0, BASE_CURRENCY)}`
                    : ""}{" "}
                  · since {formatDateTime(m.addedAt)}
                </p>
                <div className="mt-3 flex flex-wrap items-end gap-4">
                  <Form method="post" className="flex flex-wrap items-end gap-4">
                    <AuthenticityTokenInput />
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="uid" value={m.uid} />
                    <RoleFields idPrefix={`member-${m.uid}`} role={m.role} refundLimitMinor={m.refundLimitMinor} />
                    <button type="submit" className="btn-secondary" disabled={busy}>
                      Change role
                    </button>
                  </Form>
                  <Form method="post">
                    <AuthenticityTokenInput />
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="uid" value={m.uid} />
                    <button type="submit" className="btn-secondary" disabled={busy}>
                      Revoke access
                    </button>
                  </Form>
                </div>
                <Refusal message={rowError(["role", "revoke"], "uid", m.uid)} />
              </li>
            ))}
          </ul>
        )}
      </AdminSection>

      <AdminSection id="invitations-heading" title="Invitations waiting">
        {invitations.length === 0 ? (
          <p className="text-sm text-stone-600">No invitation is waiting.</p>
        ) : (
          <ul className="grid gap-3 text-sm">
            {invitations.map((i) => (
              <li key={i.tokenHash} className="flex flex-wrap items-center gap-3">
                <span className="[overflow-wrap:anywhere]">
                  {i.email} · {ROLE_LABELS[i.role]}
                  {i.role === "support"
                    ? ` (refunds up to ${formatMoney(i.refundLimitMinor ?? 0, BASE_CURRENCY)})`
                    : ""}{" "}
                  · by {i.invitedBy} · until {formatDateTime(i.expiresAt)}
                </span>
                <Form method="post">
                  <AuthenticityTokenInput />
                  <input type="hidden" name="intent" value="withdraw" />
                  <input type="hidden" name="tokenHash" value={i.tokenHash} />
                  <button type="submit" className="btn-secondary" disabled={busy}>
                    Withdraw
                  </button>
                </Form>
                <Refusal message={rowError(["withdraw"], "tokenHash", i.tokenHash)} />
              </li>
            ))}
          </ul>
        )}
      </AdminSection>
    </AdminPage>
  );
}
