import type { Config } from "../config.server";
import { getConfig } from "../config.server";

// The shop's public origin, for every absolute URL it hands out: links in e-mails (password
// reset, order confirmation), payment return URLs, canonical URLs, the sitemap, the feed.
//
// A request's Host (or X-Forwarded-Host) header is whatever the client wrote: built into a reset
// e-mail it would send the victim's token to the attacker's site. So PUBLIC_URL decides; without
// it (development) only this machine on the configured port is believed, and anything else falls
// back to http://localhost:{PORT}. Proxy headers count only when TRUST_PROXY says a proxy sets them.

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The first value of a comma-separated proxy header: what the proxy nearest the client recorded. */
const firstOf = (value: string | null) => value?.split(",")[0]?.trim() || null;

/** The origin to use when PUBLIC_URL is not set and the request's own is not believed. */
export function fallbackOrigin(config: Pick<Config, "port">): string {
  return `http://localhost:${config.port}`;
}

/** The origin the request claims: its URL (from Host), or the trusted proxy's X-Forwarded-Host/Proto. */
function claimedOrigin(request: Request, config: Pick<Config, "trustProxy">): URL | null {
  try {
    const url = new URL(request.url);
    if (config.trustProxy > 0) {
      const host = firstOf(request.headers.get("X-Forwarded-Host"));
      const proto = firstOf(request.headers.get("X-Forwarded-Proto"));
      if (host)
        return new URL(
          `${proto === "https" ? "https" : proto === "http" ? "http" : url.protocol.slice(0, -1)}://${host}`,
        );
    }
    return url;
  } catch {
    return null;
  }
}

/**
 * PUBLIC_URL when configured; otherwise the request's origin when it is this machine on the
 * configured port (http://localhost:3000, http://127.0.0.1:3000), else http://localhost:{PORT}.
 */
export function publicOrigin(
  request: Request,
  config: Pick<Config, "publicUrl" | "port" | "trustProxy"> = getConfig(),
): string {
  if (config.publicUrl) return config.publicUrl;
  const claimed = claimedOrigin(request, config);
  if (!claimed || (claimed.protocol !== "http:" && claimed.protocol !== "https:")) return fallbackOrigin(config);
  const port = Number(claimed.port || (claimed.protocol === "https:" ? 443 : 80));
  if (!LOCAL_HOSTS.has(claimed.hostname) || port !== config.port) return fallbackOrigin(config);
  return claimed.origin;
}
