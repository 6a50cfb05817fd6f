import type { Config } from "../config.server";

// Whether the shop's cookies carry `Secure`. A browser drops a Secure cookie that arrives over
// plain HTTP, so the CSRF token never comes back and every form reads "This form has expired".
// The public origin decides: PUBLIC_URL's scheme when it is set. Without it the shop's links point
// at http://localhost (public-origin.server.ts), so it is being served over plain HTTP: not Secure.
// Behind a TLS proxy, set PUBLIC_URL=https://… (as the start-up warning says) and cookies are Secure.

export interface CookieSecurity {
  secure: boolean;
  /** Why, for the start-up log. */
  reason: string;
}

export function cookieSecurity(config: Pick<Config, "env" | "publicUrl">): CookieSecurity {
  if (config.env !== "production") return { secure: false, reason: `not in production (NODE_ENV=${config.env})` };
  if (!config.publicUrl)
    return { secure: false, reason: "PUBLIC_URL is not set, so the shop is served over plain HTTP" };
  const https = config.publicUrl.startsWith("https://");
  return { secure: https, reason: `PUBLIC_URL is ${https ? "https" : "plain http"} (${config.publicUrl})` };
}

/** The options every cookie of the shop shares: HttpOnly, SameSite=Lax, signed, Secure as decided above. */
export function baseCookieOptions(config: Pick<Config, "env" | "publicUrl" | "sessionSecret">) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: cookieSecurity(config).secure,
    path: "/",
    secrets: [config.sessionSecret],
  };
}
