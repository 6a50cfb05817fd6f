import { createCookie, type Cookie } from "@remix-run/node";
import { getConfig } from "../config.server";
import { baseCookieOptions } from "./cookie-security.server";

// Every cookie is HttpOnly, SameSite=Lax, signed with SESSION_SECRET, Secure when the shop is served over HTTPS.
const baseOptions = () => baseCookieOptions(getConfig());

let session: Cookie | undefined;
let csrf: Cookie | undefined;

/** Holds the identity provider's session token (a session id, or a Firebase session cookie). */
export function sessionCookie() {
  session ??= createCookie("__session", baseOptions());
  return session;
}

export function csrfCookie() {
  csrf ??= parsedOnce(createCookie("__csrf", baseOptions()));
  return csrf;
}

/** How many Cookie headers `parsedOnce` remembers (a few hundred bytes each). */
const PARSED_HEADERS = 5_000;

/**
 * The cookie, its value read from a Cookie header once and given again for the same header: the
 * signature check (an HMAC for every page, 1 % of its CPU) has the same answer for the same text
 * while the secrets stay the same, and they are fixed when the process starts. For a string value
 * only (nothing shared can be changed by a caller).
 */
export function parsedOnce(cookie: Cookie, max = PARSED_HEADERS): Cookie {
  const parsed = new Map<string, Promise<unknown>>();
  const parse: Cookie["parse"] = (header, options) => {
    if (!header || options) return cookie.parse(header, options);
    let value = parsed.get(header);
    if (value === undefined) {
      value = cookie.parse(header);
      parsed.set(header, value);
      if (parsed.size > max) parsed.delete(parsed.keys().next().value!);
    }
    return value;
  };
  return Object.assign(Object.create(cookie) as Cookie, { parse });
}
