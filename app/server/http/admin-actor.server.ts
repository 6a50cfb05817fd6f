import { requireAdmin } from "./session.server";

/**
 * Guard "admin" and name the admin for the audit log: their e-mail (an admin always has one:
 * the role comes from the admin e-mail list), else their uid.
 */
export async function requireAdminActor(request: Request): Promise<string> {
  const state = await requireAdmin(request);
  return state.userProfile?.email ?? state.user.email ?? state.user.uid;
}
