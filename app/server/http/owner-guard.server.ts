import { requireAdminActor } from "./admin-actor.server";

/**
 * Owner-only back-office pages (API keys, webhooks). Today every admin is an owner; when staff
 * roles land (issue 28), this is the one call to swap for the owner-only permission check.
 * Returns the owner's e-mail for the audit log.
 */
export async function requireOwnerActor(request: Request): Promise<string> {
  return requireAdminActor(request);
}
