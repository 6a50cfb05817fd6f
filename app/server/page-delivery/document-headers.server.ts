import type { Config } from "../config.server";
import { documentSecurityHeaders } from "../http/security-headers.server";
import { googleClientConfig } from "../services/accounts/google-config.server";

/** The headers every page gets, however it is delivered: its type, security with this nonce, caching. */
export function documentHeaders(config: Config, headers: Headers, nonce: string, status = 200): void {
  const security = { analytics: Boolean(config.analytics), googleSignIn: googleClientConfig(config) };
  headers.set("Content-Type", "text/html; charset=utf-8");
  for (const [k, v] of Object.entries(documentSecurityHeaders(nonce, config.env === "development", security)))
    headers.set(k, v);
  if (status >= 400) headers.set("X-Robots-Tag", "noindex");
  // A page may leave compressed as the request's Accept-Encoding allows: shared caches and the
  // browser must know. Once, whatever the headers already held.
  if (!/accept-encoding/i.test(headers.get("Vary") ?? "")) headers.append("Vary", "Accept-Encoding");
  // Pages carry the shopper's header (account, cart count) and a CSRF token: never shared caches.
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-cache");
}
