import { createCookie } from "@remix-run/node";
import { getConfig } from "../config.server";
import { baseCookieOptions } from "./cookie-security.server";

// Every cookie is HttpOnly, SameSite=Lax, signed with SESSION_SECRET, Secure when the shop is served over HTTPS.
const baseOptions = () => baseCookieOptions(getConfig());

let session: ReturnType<typeof createCookie> | undefined;
let csrf: ReturnType<typeof createCookie> | undefined;

/** Holds the identity provider's session token (a session id, or a Firebase session cookie). */
export function sessionCookie() {
  session ??= createCookie("__session", baseOptions());
  return session;
}

export function csrfCookie() {
  csrf ??= createCookie("__csrf", baseOptions());
  return csrf;
}
