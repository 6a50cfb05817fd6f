import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AdminPage, AdminSection } from "~/components/admin/AdminPage";
import { isStaffRole, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/domain/staff";
import { formatDateTime } from "~/lib/admin-format";
import { formatMoney, formatMoneyInText, parseMoneyToMinor } from "~/lib/money";
import { seo } from "~/lib/seo";
import { getContext } from "~/server/context.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { formGuardProblem } from "~/server/http/forms.server";
import { requirePermission } from "~/server/http/permissions.server";
import { publicOrigin } from "~/server/http/public-origin.server";

// /admin/staff (owner only): invite people by e-mail with a role, change a member's role (and a
// support member's refund limit), revoke access, withdraw an invitation. Each change is audited.

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Staff", description: "Who runs the shop, and what each of them may do.", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "staff.manage");
  const { members, invitations } = await getContext().staff.list();
  return {
    owners: getContext().config.adminEmails,
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

type ActionData = { error: string; form: string } | { invited: { email: string; roleLabel: string; link: string } };

/** A role and, for support, the refund limit in euros; a message when either cannot be read. */
function readRole(formData: FormData): { role: StaffRole; refundLimitMinor: number | null } | string {
  const role = formData.get("role");
  if (!isStaffRole(role)) return "Choose a role.";
  if (role !== "support") return { role, refundLimitMinor: null };
  const limit = parseMoneyToMinor(String(formData.get("refundLimit") ?? ""));
  if (limit === null) return "Enter the support member's refund limit in euros, such as 50 or 49.99.";
  return { role, refundLimitMinor: limit };
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requirePermission(request, "staff.manage");
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const fail = (error: string, status = 400) => data<ActionData>({ error, form: intent }, { status });
  const problem = await formGuardProblem(formData, request);
  if (problem) return fail(problem.message, problem.status);
  const { staff } = getContext();
  const uid = String(formData.get("uid") ?? "").slice(0, 128);
  switch (intent) {
    case "invite": {
      const role = readRole(formData);
      if (typeof role === "string") return fail(role);
      const email = String(formData.get("email") ?? "").slice(0, 254);
      const result = await staff.invite(email, role, actor, publicOrigin(request));
      if (!result.ok) return fail(result.message);
      // The link is shown here once (and e-mailed): the shop keeps only its hash.
      return data<ActionData>({
        invited: { email: result.invitation.email, roleLabel: ROLE_LABELS[role.role], link: result.link },
      });
    }
    case "role": {
      const role = readRole(formData);
      if (typeof role === "string") return fail(role);
      const member = await staff.changeRole(uid, role, actor);
      if (!member) return fail("That person is no longer on the staff.", 404);
      return redirectWithFlash("/admin/staff", `${member.email} is now ${ROLE_LABELS[member.role]}.`);
    }
    case "revoke": {
      const member = await staff.revoke(uid, actor);
      if (!member) return fail("That person is no longer on the staff.", 404);
      return redirectWithFlash("/admin/staff", `${member.email} no longer has access to the back office.`);
    }
    case "withdraw": {
      const withdrawn = await staff.withdraw(String(formData.get("tokenHash") ?? "").slice(0, 64), actor);
      if (!withdrawn) return fail("That invitation was already accepted or withdrawn.", 404);
      return redirectWithFlash("/admin/staff", "The invitation was withdrawn: its link no longer works.");
    }
    default:
      return fail("Choose what to do: invite, change a role, revoke or withdraw.");
  }
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
          Refund limit (€, support only)
        </label>
        <input
          id={`${idPrefix}-limit`}
          name="refundLimit"
          inputMode="decimal"
          defaultValue={refundLimitMinor != null ? (refundLimitMinor / 100).toFixed(2) : ""}
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
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const error = result && "error" in result ? result : null;
  const invited = result && "invited" in result ? result.invited : null;
  return (
    <AdminPage title="Staff">
      {error ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
          {error.error}
        </p>
      ) : null}
      {invited ? (
        <div role="status" className="mt-4 rounded-md bg-green-50 px-4 py-3 text-sm text-green-900">
          <p>
            Invited {invited.email} as {invited.roleLabel}. The link was e-mailed to them; it works once, for 7 days. It
            is shown only now:
          </p>
          <p className="mt-2 font-mono text-xs [overflow-wrap:anywhere]" data-testid="invitation-link">
            {invited.link}
          </p>
        </div>
      ) : null}

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
                  {m.role === "support" ? ` · refunds up to ${formatMoneyInText(m.refundLimitMinor ?? 0)}` : ""} · since{" "}
                  {formatDateTime(m.addedAt)}
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
                  {i.role === "support" ? ` (refunds up to ${formatMoney(i.refundLimitMinor ?? 0)})` : ""} · by{" "}
                  {i.invitedBy} · until {formatDateTime(i.expiresAt)}
                </span>
                <Form method="post">
                  <AuthenticityTokenInput />
                  <input type="hidden" name="intent" value="withdraw" />
                  <input type="hidden" name="tokenHash" value={i.tokenHash} />
                  <button type="submit" className="btn-secondary" disabled={busy}>
                    Withdraw
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </AdminSection>
    </AdminPage>
  );
}
