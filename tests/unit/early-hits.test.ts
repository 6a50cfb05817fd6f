import { describe, expect, it } from "vitest";
import { EarlyHits, earlyVisitOf, FRESH_MS, type EarlyVisit } from "~/server/page-delivery/early-hits.server";

// Which requests may be answered before Remix, and for how long a remembered page stands: a GET with
// a CSRF cookie, keyed by everything its loaders read of the request (an anonymous visitor's page
// shared by all of them; anyone else's by their whole Cookie header), while the store's change stamp
// stays the one read before that page's loaders ran.

const CSRF = "__csrf=token.sig";
const request = (url: string, headers: Record<string, string> = {}, method = "GET") => ({
  method,
  url,
  headers: { host: "shop.test", cookie: CSRF, ...headers },
});
const stamp =
  (value = "1:0") =>
  () =>
    value;

describe("earlyVisitOf", () => {
  it("takes an anonymous GET with its CSRF cookie (and the market's) as a page shared by every such visitor", () => {
    expect(earlyVisitOf(request("/products/p1"), stamp())).toMatchObject({ stamp: "1:0", personal: false });
    expect(earlyVisitOf(request("/products/p1", { cookie: `${CSRF}; market=uk.sig` }), stamp())).toMatchObject({
      personal: false,
    });
  });

  it("takes a visitor with any other cookie as their own page, keyed by their whole Cookie header", () => {
    const own = (cookie: string) => earlyVisitOf(request("/products/p1", { cookie }), stamp());
    for (const cookie of [`${CSRF}; __session=abc`, `__cart=abc; ${CSRF}`, `${CSRF}; theme=dark`, `${CSRF}; ${CSRF}`])
      expect(own(cookie), cookie).toMatchObject({ personal: true });
    expect(own(`${CSRF}; __session=abc`)!.key).not.toBe(own(`${CSRF}; __session=abd`)!.key);
    expect(own(`${CSRF}; __session=abc`)!.key).not.toBe(earlyVisitOf(request("/products/p1"), stamp())!.key);
  });

  it("leaves to Remix a request without a CSRF cookie (Remix issues one), or with another method", () => {
    for (const cookie of ["market=uk.sig", "__csrf=", "", "__session=abc", "x__csrf=abc; __session=abc"])
      expect(earlyVisitOf(request("/products/p1", { cookie }), stamp()), cookie).toBeNull();
    expect(earlyVisitOf(request("/products/p1", {}, "POST"), stamp())).toBeNull();
    expect(earlyVisitOf(request("/products/p1", {}, "HEAD"), stamp())).toBeNull();
  });

  it("answers nothing early on a store without a change stamp (Firebase)", () => {
    expect(earlyVisitOf(request("/products/p1"), undefined)).toBeNull();
  });

  it("keys the visit by the page's identity, the market cookie and the origin the request names", () => {
    const key = (url: string, headers: Record<string, string> = {}) =>
      earlyVisitOf(request(url, headers), stamp())!.key;
    // Parameter order and tracking parameters make no other page.
    expect(key("/products?category=tops&sort=new")).toBe(key("/products?sort=new&utm_source=mail&category=tops"));
    expect(key("/products?category=tops")).not.toBe(key("/products?category=socks"));
    expect(key("/products", { cookie: `${CSRF}; market=uk.sig` })).not.toBe(key("/products"));
    expect(key("/products", { host: "other.test" })).not.toBe(key("/products"));
    expect(key("/products", { "x-forwarded-host": "shop.example" })).not.toBe(key("/products"));
    expect(key("/products", { "x-forwarded-proto": "https" })).not.toBe(key("/products"));
    // The visitor's own token is not part of the key: every anonymous visitor shares the page.
    expect(key("/products", { cookie: "__csrf=another.sig" })).toBe(key("/products"));
  });
});

describe("EarlyHits", () => {
  const shortcut = {
    pageKey: "k1",
    route: "routes/products.$id",
    headers: [["vary", "Accept-Encoding"]] as [string, string][],
    email: "",
  };
  const visit = (s = "1:0", key = "/p"): EarlyVisit => ({ key, stamp: s, personal: false });

  it("gives the remembered page while the change stamp is the one seen, for FRESH_MS at most", () => {
    let now = 1_000;
    const hits = new EarlyHits(FRESH_MS, () => now);
    expect(hits.lookup(visit())).toBeNull();
    hits.remember(visit(), shortcut);
    expect(hits.lookup(visit())).toMatchObject(shortcut);
    now += FRESH_MS;
    expect(hits.lookup(visit())).toMatchObject(shortcut);
    now += 1;
    expect(hits.lookup(visit())).toBeNull();
  });

  it("forgets the page once anything was written (the stamp moved)", () => {
    const hits = new EarlyHits(FRESH_MS, () => 0);
    hits.remember(visit("1:0"), shortcut);
    expect(hits.lookup(visit("1:1"))).toBeNull();
    // Gone, not just skipped: the same stamp again finds nothing until a page is remembered anew.
    expect(hits.lookup(visit("1:0"))).toBeNull();
  });

  it("keeps at most 5,000 shortcuts, dropping the oldest", () => {
    const hits = new EarlyHits(FRESH_MS, () => 0);
    for (let i = 0; i <= 5_000; i++) hits.remember(visit("s", `/p${i}`), shortcut);
    expect(hits.size).toBe(5_000);
    expect(hits.lookup(visit("s", "/p0"))).toBeNull();
    expect(hits.lookup(visit("s", "/p5000"))).not.toBeNull();
  });
});
