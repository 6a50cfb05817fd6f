import { pageIdentity } from "./tracking-params.server";

// Kept pages answered before Remix (issue 27). A render-cache hit still ran Remix's routing and every
// loader to find its key (a hash of their data): a third of a kept page's CPU. For an anonymous
// visitor the loaders' data is a function of the URL, the market cookie, the host the shop is reached
// at, the store's contents and the time. So once a request has found its page, the next visitor with
// the same URL, market cookie and host is sent that page directly while the store's change stamp
// (Store.changeStamp: any write by any process moves it) is the one seen before that request's loaders
// ran, and for at most FRESH_MS (what the time alone can change: a promotion starting). Anything else
// (a session, a cart, a flash notice, a cookie unknown here, a store without a change stamp: Firebase)
// goes through Remix as before.

/** What only the time changes on a kept page (a promotion's start or end) shows this late at most. */
export const FRESH_MS = 5_000;
/** Shortcuts kept, most recently used last; each is a key and a few headers. */
const MAX_SHORTCUTS = 5_000;

/** The cookies an anonymous visitor's kept page may be sent with: the CSRF token's and the market's. */
const CSRF_COOKIE = "__csrf";
const MARKET_COOKIE = "market";

/** An eligible request: the key of its shortcut and the change stamp read before anything else ran. */
export interface EarlyVisit {
  key: string;
  stamp: string;
}

/** How a page found through Remix is answered again. */
export interface Shortcut {
  /** The render cache's key of the page. */
  pageKey: string;
  /** The leaf route's id, for the counters. */
  route: string;
  /** The response's headers from its routes (none per viewer: a page that set a cookie has no shortcut). */
  headers: Array<[string, string]>;
}

interface Kept extends Shortcut {
  stamp: string;
  at: number;
}

type HeaderValue = string | string[] | undefined;
const one = (value: HeaderValue) => (Array.isArray(value) ? value.join(",") : (value ?? ""));

/** The value of each cookie of a Cookie header, or null when it holds one outside `allowed`. */
function onlyCookies(header: string, allowed: ReadonlySet<string>): Map<string, string> | null {
  const found = new Map<string, string>();
  for (const pair of header.split(";")) {
    const trimmed = pair.trim();
    if (!trimmed) continue;
    const eq = trimmed.indexOf("=");
    const name = eq === -1 ? trimmed : trimmed.slice(0, eq);
    if (!allowed.has(name) || found.has(name)) return null;
    found.set(name, eq === -1 ? "" : trimmed.slice(eq + 1));
  }
  return found;
}

const ALLOWED = new Set([CSRF_COOKIE, MARKET_COOKIE]);

/**
 * The request's visit when it may be answered early: a GET with a CSRF cookie and no cookie but it and
 * the market's, on a store with a change stamp. Null otherwise (Remix answers it as always).
 */
export function earlyVisitOf(
  request: { method: string; url: string; headers: Record<string, HeaderValue> },
  changeStamp: (() => string) | undefined,
): EarlyVisit | null {
  if (request.method !== "GET" || !changeStamp) return null;
  const cookies = onlyCookies(one(request.headers.cookie), ALLOWED);
  if (!cookies?.get(CSRF_COOKIE)) return null;
  let identity: string;
  try {
    identity = pageIdentity(new URL(request.url, "http://early.invalid"));
  } catch {
    return null;
  }
  // Everything else a kept page's loaders read of the request: the origin it names (Host, or a
  // trusted proxy's X-Forwarded-Host and -Proto) and the market the shopper chose.
  const h = request.headers;
  const key = [
    identity,
    cookies.get(MARKET_COOKIE) ?? "",
    one(h.host),
    one(h["x-forwarded-host"]),
    one(h["x-forwarded-proto"]),
  ].join("\0");
  return { key, stamp: changeStamp() };
}

export class EarlyHits {
  private readonly kept = new Map<string, Kept>();

  constructor(
    private readonly freshMs = FRESH_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The shortcut for `visit` while nothing was written since and it is fresh, else null. */
  lookup(visit: EarlyVisit): Shortcut | null {
    const found = this.kept.get(visit.key);
    if (!found) return null;
    if (found.stamp !== visit.stamp || this.now() - found.at > this.freshMs) {
      this.kept.delete(visit.key);
      return null;
    }
    return found;
  }

  /** Remember how `visit`'s page was answered, as of the stamp read before its loaders ran. */
  remember(visit: EarlyVisit, shortcut: Shortcut): void {
    this.kept.delete(visit.key);
    this.kept.set(visit.key, { ...shortcut, stamp: visit.stamp, at: this.now() });
    if (this.kept.size > MAX_SHORTCUTS) this.kept.delete(this.kept.keys().next().value!);
  }

  get size(): number {
    return this.kept.size;
  }
}
