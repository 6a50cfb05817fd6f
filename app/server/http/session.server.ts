import { redirect, type AppLoadContext } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { remembered } from "../load-context.server";
import { clientAddress } from "./client-address.server";
import { sessionCookie } from "./cookies.server";
import type { AuthState } from "../services/accounts/accounts.server";
import type { Session } from "../auth/port";

// Request-level helpers for routes: who is asking, and the guard that requires a user (the back
// office's guard, by permission, is permissions.server.ts).

export async function readSessionToken(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

/** The auth state of this request; loaders running in parallel share one lookup (on the load context). */
export function getAuthState(request: Request, context: AppLoadContext): Promise<AuthState> {
  return remembered(context, request, "authState", () =>
    readSessionToken(request).then((token) => context.shop.accounts.load(token)),
  );
}

/**
 * The uid the session cookie names, NOT checked: only for starting reads beside getAuthState,
 * whose answer decides whether they are used (nothing read for it is shown unless getAuthState
 * names the same uid).
 */
export function claimedUid(request: Request, context: AppLoadContext): Promise<string | null> {
  return remembered(context, request, "claimedUid", () =>
    readSessionToken(request).then((token) => context.shop.accounts.claimedUid(token)),
  );
}

export async function commitSession(session: Session): Promise<string> {
  const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000));
  return sessionCookie().serialize(session.token, { maxAge });
}

export async function clearSession(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0 });
}

/** Where a guard sends a signed-out visitor, with the way back. */
export function loginRedirectPath(request: Request): string {
  const url = new URL(request.url);
  return `/auth/login?redirectTo=${encodeURIComponent(safeRedirect(url.pathname + url.search))}`;
}

/** Guard "auth": signed-in users only; others go to sign-in and come back afterwards. */
export async function requireUser(
  request: Request,
  context: AppLoadContext,
): Promise<AuthState & { user: NonNullable<AuthState["user"]> }> {
  const state = await getAuthState(request, context);
  if (!state.user) throw redirect(loginRedirectPath(request));
  return state as AuthState & { user: NonNullable<AuthState["user"]> };
}

/** The client's address for rate limits (see client-address.server.ts); pass the loader's or action's `context`. */
export function clientIp(request: Request, context: AppLoadContext): string {
  return clientAddress(request, context, context.shop.config);
}
