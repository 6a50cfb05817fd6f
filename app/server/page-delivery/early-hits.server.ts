import { pageIdentity } from "../http/tracking-params.server";

// Kept pages answered before Remix (issue 27). A render-cache hit still ran Remix's routing and every
// loader to find its key (a hash of their data): a third of a kept page's CPU. A kept page's loaders
// read the URL, the cookies, the host the shop is reached at, the store and the clock, nothing else.
// So once a request has found its page, the next request with the same URL, cookies and host is sent
// that page directly while the store's change stamp (Store.changeStamp: any write by any process moves
// it) is the one read before that request's loaders ran, and for at most FRESH_MS (what the clock
// alone can change: a promotion starting).
// - An anonymous visitor (only the CSRF token's and the market's cookies) shares the page with every
//   other such visitor in the same market: the key leaves their token out, and each gets their own
//   token put back, as from the render cache.
// - Anyone else (signed in, a cart, other cookies) is keyed by their whole Cookie header: only the
//   same browser, with nothing changed since, is sent its own page again, with its own address.
// A response that set a cookie (a flash notice read, a token issued) is never remembered, and a store
// without a change stamp (Firebase) answers nothing early: Remix answers as before.

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
  /** Keyed by the visitor's own cookies (not the anonymous page every such visitor shares). */
  personal: boolean;
}

/** How a page found through Remix is answered again. */
export interface Shortcut {
  /** The render cache's key of the page. */
  pageKey: string;
  /** The leaf route's id, for the counters. */
  route: string;
  /** The response's headers from its routes (none per viewer: a page that set a cookie has no shortcut). */
  headers: Array<[string, string]>;
  /** The signed-in viewer's address put back into a personal page ("" on a shared one). */
  email: string;
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
const HAS_CSRF = new RegExp(`(?:^|;\\s*)${CSRF_COOKIE}=[^;\\s]`);

/**
 * The request's visit when it may be answered early: a GET with a CSRF cookie, on a store with a change
 * stamp. Null otherwise (Remix answers it as always).
 */
export function earlyVisitOf(
  request: { method: string; url: string; headers: Record<string, HeaderValue> },
  changeStamp: (() => string) | undefined,
): EarlyVisit | null {
  if (request.method !== "GET" || !changeStamp) return null;
  const cookieHeader = one(request.headers.cookie);
  const cookies = onlyCookies(cookieHeader, ALLOWED);
  if (cookies ? !cookies.get(CSRF_COOKIE) : !HAS_CSRF.test(cookieHeader)) return null;
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
    cookies ? "shared" : "own",
    identity,
    cookies ? (cookies.get(MARKET_COOKIE) ?? "") : cookieHeader,
    one(h.host),
    one(h["x-forwarded-host"]),
    one(h["x-forwarded-proto"]),
  ].join("\0");
  return { key, stamp: changeStamp(), personal: !cookies };
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
