// Parameters that ad networks, newsletters and analytics add to a link (utm_source, gclid, ...):
// they say where a visitor came from, never what page they asked for. The server drops them from a
// request before any route sees it (scripts/server.mjs), so they never reach a loader, a canonical
// URL or a render-cache key; the browser keeps them in its address bar for analytics to read.

/** Exact names; every `utm_*` is one too. Lower case: the networks send them so. */
const TRACKING_NAMES = new Set([
  "gclid",
  "gclsrc",
  "dclid",
  "gbraid",
  "wbraid",
  "fbclid",
  "msclkid",
  "yclid",
  "ttclid",
  "twclid",
  "li_fat_id",
  "igshid",
  "mc_cid",
  "mc_eid",
  "_ga",
  "_gl",
  "_hsenc",
  "_hsmi",
  "mkt_tok",
  "srsltid",
]);

export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith("utm_") || TRACKING_NAMES.has(lower);
}

/**
 * A request target (path and query, as Node gives it) without tracking parameters. The other
 * parameters keep their order and their exact spelling; the same string comes back when there is
 * nothing to drop, so the common request costs one scan.
 */
export function withoutTracking(target: string): string {
  const q = target.indexOf("?");
  if (q === -1) return target;
  const query = target.slice(q + 1);
  const kept: string[] = [];
  let dropped = false;
  for (const pair of query.split("&")) {
    const eq = pair.indexOf("=");
    let name = eq === -1 ? pair : pair.slice(0, eq);
    try {
      name = decodeURIComponent(name.replace(/\+/g, " "));
    } catch {
      // Not valid percent-encoding: not a tracking parameter either; the route reads it as it is.
    }
    if (isTrackingParam(name)) dropped = true;
    else if (pair !== "") kept.push(pair);
  }
  if (!dropped) return target;
  const rest = kept.join("&");
  return rest ? `${target.slice(0, q)}?${rest}` : target.slice(0, q);
}

/**
 * The page a URL asks for, as a cache key's part: path and parameters sorted by name (the values of
 * one name keep their order, which a route may read), tracking parameters left out. Two links that
 * differ only in parameter order or tracking name the same page.
 */
export function pageIdentity(url: URL): string {
  const params = [...url.searchParams].filter(([name]) => !isTrackingParam(name));
  // Array.prototype.sort is stable: the values of one name stay in the order they came.
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(params).toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}
