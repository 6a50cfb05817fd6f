import crypto from "node:crypto";
import { BASE_CURRENCY, formatMoneyInText } from "~/domain/money";
import {
  INVITATION_DAYS,
  ROLE_LABELS,
  overRefundLimit,
  type BackOfficeRole,
  type StaffInvitation,
  type StaffMember,
  type StaffRole,
} from "~/domain/staff";
import type { Mailer } from "../../mail/port";
import type { Store } from "../../store/port";
import type { AuditRecord } from "../audit/audit.server";

// The back office's staff: who is a member with which role, invitations (a link by e-mail,
// valid for seven days, used once, its token stored only as a hash), role changes and
// revocations, each recorded in the audit log with the owner who made it. A member's role is
// read from the store on every request (no cache), so a change holds on every instance at once.

export interface StaffDeps {
  store: Store;
  audit: (record: AuditRecord) => Promise<unknown>;
  mailer: Mailer;
  shopName: string;
  clock?: () => Date;
}

/** Who is asking, as the back office sees them. */
export interface BackOfficeMember {
  role: BackOfficeRole;
  /** Support: the largest single refund; null otherwise. */
  refundLimitMinor: number | null;
}

export type InvitationState =
  | { status: "valid"; invitation: StaffInvitation }
  | { status: "used" | "expired" | "missing" };

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export const INVITATION_PATH = "/staff/invitation/";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface RoleInput {
  role: StaffRole;
  /** Support only, in minor units. */
  refundLimitMinor: number | null;
}

export function createStaffService(deps: StaffDeps) {
  const { store } = deps;
  const clock = deps.clock ?? (() => new Date());
  const limitText = (input: RoleInput) =>
    input.role === "support" ? ` (refunds up to ${formatMoneyInText(input.refundLimitMinor ?? 0, BASE_CURRENCY)})` : "";
  const normalise = (input: RoleInput): RoleInput => ({
    role: input.role,
    refundLimitMinor: input.role === "support" ? (input.refundLimitMinor ?? 0) : null,
  });

  const invitationState = async (token: string): Promise<InvitationState> => {
    const invitation = token ? await store.staff.invitation(hashToken(token)) : null;
    if (!invitation) return { status: "missing" };
    if (invitation.acceptedAt) return { status: "used" };
    if (invitation.expiresAt <= clock().toISOString()) return { status: "expired" };
    return { status: "valid", invitation };
  };

  return {
    /**
     * The back-office role of a signed-in account: owner when its profile is admin (ADMIN_EMAILS),
     * else the staff member's role, else none. Read from the store every time.
     */
    async memberFor(uid: string, isOwner: boolean): Promise<BackOfficeMember | null> {
      if (isOwner) return { role: "owner", refundLimitMinor: null };
      const member = await store.staff.get(uid);
      return member ? { role: member.role, refundLimitMinor: member.refundLimitMinor } : null;
    },

    /** The message refusing a refund over a support member's limit; null when they may make it. */
    refundRefusal(member: BackOfficeMember, amountMinor: number): string | null {
      if (!overRefundLimit(member.role, member.refundLimitMinor, amountMinor)) return null;
      return (
        `Refunds over ${formatMoneyInText(member.refundLimitMinor ?? 0, BASE_CURRENCY)} are above your limit: ` +
        "ask the owner or a manager to make this one."
      );
    },

    async list(): Promise<{ members: StaffMember[]; invitations: StaffInvitation[] }> {
      const now = clock().toISOString();
      const [members, invitations] = await Promise.all([store.staff.list(), store.staff.invitations()]);
      // Only invitations that can still be accepted are listed: the audit log keeps the others.
      return { members, invitations: invitations.filter((i) => !i.acceptedAt && i.expiresAt > now) };
    },

    /** A new invitation: the link (shown to the owner once and e-mailed) holds the only copy of the token. */
    async invite(
      emailInput: string,
      roleInput: RoleInput,
      actor: string,
      /** The shop's public origin, for the link ("https://shop.example.com"). */
      origin: string,
    ): Promise<{ ok: true; link: string; invitation: StaffInvitation } | { ok: false; message: string }> {
      const email = emailInput.trim().toLowerCase();
      if (!EMAIL.test(email)) return { ok: false, message: "Enter the e-mail address of the person to invite." };
      if ((await store.staff.list()).some((m) => m.email === email))
        return { ok: false, message: `${email} is already on the staff: change their role in the list instead.` };
      const input = normalise(roleInput);
      const token = crypto.randomBytes(32).toString("base64url");
      const now = clock();
      const invitation: StaffInvitation = {
        tokenHash: hashToken(token),
        email,
        role: input.role,
        refundLimitMinor: input.refundLimitMinor,
        invitedBy: actor,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000).toISOString(),
        acceptedAt: null,
        acceptedBy: null,
      };
      await store.staff.invite(invitation);
      const link = `${origin}${INVITATION_PATH}${token}`;
      await deps.audit({
        actor,
        entityType: "staff",
        entityId: email,
        action: "invite",
        summary: `Invited ${email} as ${ROLE_LABELS[input.role]}${limitText(input)}`,
        after: { ...invitation, tokenHash: undefined },
      });
      await deps.mailer.send({
        to: email,
        subject: `You are invited to run ${deps.shopName}`,
        text:
          `${actor} invites you to join ${deps.shopName}'s back office as ${ROLE_LABELS[input.role]}.\n\n` +
          `Accept within ${INVITATION_DAYS} days, signed in (or registering) with this e-mail address:\n${link}\n\n` +
          "The link works once. If you did not expect it, ignore this e-mail.",
      });
      return { ok: true, link, invitation };
    },

    invitation: invitationState,

    /** The signed-in account takes the invitation, when its e-mail is the one invited. */
    async accept(
      token: string,
      user: { uid: string; email: string | null },
    ): Promise<{ ok: true; role: StaffRole } | { ok: false; message: string; status: number }> {
      const state = await invitationState(token);
      if (state.status !== "valid") return { ok: false, message: INVITATION_MESSAGES[state.status], status: 410 };
      const { invitation } = state;
      if ((user.email ?? "").trim().toLowerCase() !== invitation.email)
        return {
          ok: false,
          message: `This invitation is for ${invitation.email}. Sign in with that address to accept it.`,
          status: 403,
        };
      const at = clock().toISOString();
      const member: StaffMember = {
        uid: user.uid,
        email: invitation.email,
        role: invitation.role,
        refundLimitMinor: invitation.refundLimitMinor,
        changedBy: invitation.invitedBy,
        addedAt: at,
        updatedAt: at,
      };
      const outcome = await store.staff.accept(invitation.tokenHash, member, at);
      if (outcome !== "accepted") return { ok: false, message: INVITATION_MESSAGES[outcome], status: 410 };
      await deps.audit({
        actor: invitation.email,
        entityType: "staff",
        entityId: user.uid,
        action: "accept",
        summary: `${invitation.email} accepted the invitation from ${invitation.invitedBy}: ${ROLE_LABELS[invitation.role]}`,
        after: member,
      });
      return { ok: true, role: invitation.role };
    },

    async changeRole(uid: string, roleInput: RoleInput, actor: string): Promise<StaffMember | null> {
      const before = await store.staff.get(uid);
      if (!before) return null;
      const input = normalise(roleInput);
      const after: StaffMember = { ...before, ...input, changedBy: actor, updatedAt: clock().toISOString() };
      await store.staff.save(after);
      await deps.audit({
        actor,
        entityType: "staff",
        entityId: uid,
        action: "role",
        summary: `Changed ${before.email} from ${ROLE_LABELS[before.role]} to ${ROLE_LABELS[after.role]}${limitText(input)}`,
        before,
        after,
      });
      return after;
    },

    async revoke(uid: string, actor: string): Promise<StaffMember | null> {
      const before = await store.staff.get(uid);
      if (!before || !(await store.staff.remove(uid))) return null;
      await deps.audit({
        actor,
        entityType: "staff",
        entityId: uid,
        action: "revoke",
        summary: `Revoked ${before.email}'s access (${ROLE_LABELS[before.role]})`,
        before,
      });
      return before;
    },

    async withdraw(tokenHash: string, actor: string): Promise<boolean> {
      const invitation = await store.staff.invitation(tokenHash);
      if (!invitation || !(await store.staff.withdraw(tokenHash))) return false;
      await deps.audit({
        actor,
        entityType: "staff",
        entityId: invitation.email,
        action: "withdraw",
        summary: `Withdrew the invitation of ${invitation.email}`,
      });
      return true;
    },
  };
}

export const INVITATION_MESSAGES: Record<"used" | "expired" | "missing", string> = {
  used: "This invitation has already been used. Ask the shop's owner for a new one if you need it.",
  expired: `This invitation has expired (they last ${INVITATION_DAYS} days). Ask the shop's owner for a new one.`,
  missing: "This invitation link is not valid. Check that you copied all of it, or ask the shop's owner for a new one.",
};

export type StaffService = ReturnType<typeof createStaffService>;
