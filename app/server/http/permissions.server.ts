import { data, type AppLoadContext } from "@remix-run/node";
import { can, ROLE_PERMISSIONS, type Permission } from "~/domain/staff";
import type { AuthState } from "../services/accounts/accounts.server";
import { isAdmin } from "../services/accounts/roles.server";
import type { BackOfficeMember } from "../services/staff/staff.server";
import { remembered } from "../load-context.server";
import { getAuthState, requireUser } from "./session.server";

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

function memberOf(request: Request, context: AppLoadContext, state: AuthState): Promise<BackOfficeMember | null> {
  return remembered(context, request, "member", () =>
    state.user ? context.shop.staff.memberFor(state.user.uid, isAdmin(state.userProfile)) : Promise.resolve(null),
  );
}

/** The signed-in visitor's back-office role, or null (signed out, or not staff): for the header's link. */
export async function backOfficeMember(request: Request, context: AppLoadContext): Promise<BackOfficeMember | null> {
  return memberOf(request, context, await getAuthState(request, context));
}

/** Any member of staff (the back-office layout); others 403. */
export async function requireStaff(request: Request, context: AppLoadContext): Promise<StaffActor> {
  const state = await requireUser(request, context);
  const member = await memberOf(request, context, state);
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
