import type { Config } from "../config.server";
import { getConfig } from "../config.server";

// Strict-Transport-Security: a shop whose public origin is https tells browsers to come back over
// https only, for a year, on every response (pages, resource routes, assets, static files,
// redirects, errors), so an HTTPS shop does not depend on its proxy adding the header. Never when
// PUBLIC_URL is http or unset: a plain-HTTP shop (a LAN, development) would lock its visitors out.

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** The header's value, or null when the shop is not served over https. */
export function strictTransportSecurity(config: Pick<Config, "publicUrl" | "hsts">): string | null {
  if (!config.publicUrl?.startsWith("https://")) return null;
  return [
    `max-age=${ONE_YEAR_S}`,
    ...(config.hsts.includeSubDomains ? ["includeSubDomains"] : []),
    ...(config.hsts.preload ? ["preload"] : []),
  ].join("; ");
}

interface HeaderTarget {
  setHeader(name: string, value: string): unknown;
}

/**
 * Middleware for scripts/server.mjs (exported by entry.server), in front of everything it serves:
 * static files and the build's assets never reach Remix. Call it after start-up checked the configuration.
 */
export function transportSecurity(config: Pick<Config, "publicUrl" | "hsts"> = getConfig()) {
  const value = strictTransportSecurity(config);
  return (_request: unknown, response: HeaderTarget, next: () => void) => {
    if (value) response.setHeader("Strict-Transport-Security", value);
    next();
  };
}
