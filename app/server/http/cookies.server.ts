import { createCookie } from "@remix-run/node";
import { getConfig } from "../config.server";

// Every cookie is HttpOnly, SameSite=Lax, Secure in production and signed with SESSION_SECRET.
function baseOptions() {
  const config = getConfig();
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: config.env === "production" && !(config.publicUrl ?? "").startsWith("http://"),
    path: "/",
    secrets: [config.sessionSecret],
  };
}

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
