import { data, type AppLoadContext } from "@remix-run/node";
import { can, ROLE_PERMISSIONS, type Permission } from "~/domain/staff";
import { isAdmin } from "../services/accounts/roles.server";
import type { BackOfficeMember } from "../services/staff/staff.server";
import { remembered } from "../load-context.server";
import { claimedUid, getAuthState, requireUser } from "./session.server";
import { outcome, settled } from "~/lib/settled";

// The back office's guard: every admin loader and action calls requirePermission with the one
// permission it needs (app/domain/staff.ts). Signed out -> sign-in; signed in without it -> 403
// and the spec's "Access Forbidden" page. The role is read from the store for each request (the
// lookup is shared by the loaders of one request, never kept longer), so a role change or a
// revocation holds from the next request on, on every instance.

export interface StaffActor {
  /** Who the audit log names: the account's e-mail, else its uid. */
  actor: string;
  uid: string;
  member: BackOfficeMember;
  permissions: readonly Permission[];
}

function memberOf(request: Request, context: AppLoadContext): Promise<BackOfficeMember | null> {
  return remembered(context, request, "member", async () => {
    // The membership of the uid the cookie names is read beside the session check, and used only
    // when the check confirms that uid.
    const claimed = await claimedUid(request, context);
    const early = claimed ? settled(context.shop.staff.memberFor(claimed, false)) : null;
    const state = await getAuthState(request, context);
    if (!state.user) return null;
    const owner = isAdmin(state.userProfile);
    if (early && !owner && state.user.uid === claimed) return outcome(await early);
    return context.shop.staff.memberFor(state.user.uid, owner);
  });
}

/** The signed-in visitor's back-office role, or null (signed out, or not staff): for the header's link. */
export async function backOfficeMember(request: Request, context: AppLoadContext): Promise<BackOfficeMember | null> {
  return memberOf(request, context);
}

/** Any member of staff (the back-office layout); others 403. */
export async function requireStaff(request: Request, context: AppLoadContext): Promise<StaffActor> {
  const [state, member] = await Promise.all([requireUser(request, context), memberOf(request, context)]);
  if (!member) throw data(null, { status: 403 });
  return {
    actor: state.userProfile?.email ?? state.user.email ?? state.user.uid,
    uid: state.user.uid,
    member,
    permissions: ROLE_PERMISSIONS[member.role],
  };
}

/** A member of staff whose role has `permission`; others 403. */
export async function requirePermission(
  request: Request,
  context: AppLoadContext,
  permission: Permission,
): Promise<StaffActor> {
  const staff = await requireStaff(request, context);
  if (!can(staff.member.role, permission)) throw data(null, { status: 403 });
  return staff;
}

/** Whether the staff member may (for a page's optional parts, e.g. which forms an order page offers). */
export const allows = (staff: StaffActor, permission: Permission) => staff.permissions.includes(permission);
