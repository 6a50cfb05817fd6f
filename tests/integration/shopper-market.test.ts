import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRouteHarness, dataOf, type RouteHarness } from "../support/route-harness";
import { ukMarketInput } from "../support/market-factory";
import type { RootData } from "~/components/layout/root-data";
import { loader as rootLoader } from "~/root";
import { loader as marketLoader } from "~/routes/market";
import { pageIn, renderKey } from "~/server/page-delivery/render-cache.server";

// The shopper's market from the footer's form: /market keeps a market the shop has in a cookie and
// goes back to a page of this shop only; every page then states that market's currency, and the
// render cache keeps one page per market, so a page rendered in pounds is never served in euros.

let harness: RouteHarness;

beforeAll(async () => {
  harness = await createRouteHarness();
  const markets = harness.ctx.markets;
  const europe = await markets.defaultMarket();
  const owner = "owner@hemline.test";
  expect(await markets.save({ ...europe, countries: europe.countries.filter((c) => c !== "GB") }, owner)).toMatchObject(
    { kind: "saved" },
  );
  const uk = await markets.save(ukMarketInput(), owner);
  expect(uk).toMatchObject({ kind: "saved", market: { id: "united-kingdom" } });
});

afterAll(async () => {
  await harness?.close();
});

/** What /market answers for this query, as a signed-out visitor with `cookie` added. */
async function choose(query: string, cookie = ""): Promise<Response> {
  const base = harness.request(`/market?${query}`, "signed-out");
  const headers = new Headers(base.headers);
  if (cookie) headers.set("Cookie", `${headers.get("Cookie")}; ${cookie}`);
  return (await harness.run(marketLoader, new Request(base.url, { headers }))) as Response;
}

/** The `market=…` cookie a response sets, as a browser would send it back, or "". */
function marketCookieOf(response: Response): string {
  const set = response.headers.getSetCookie().find((c) => c.startsWith("market="));
  return set ? set.split(";")[0] : "";
}

async function rootData(path: string, cookie = ""): Promise<RootData> {
  const base = harness.request(path, "signed-out");
  const headers = new Headers(base.headers);
  if (cookie) headers.set("Cookie", `${headers.get("Cookie")}; ${cookie}`);
  return dataOf<RootData>(await harness.run(rootLoader, new Request(base.url, { headers })));
}

describe("the shopper's market", () => {
  it("is the default market, in euros, until the shopper chooses; the footer offers both markets", async () => {
    const root = await rootData("/products");
    expect(root.market).toEqual({ id: "europe", currency: "EUR" });
    expect(root.marketChoices).toEqual([
      { id: "europe", name: "Europe", currency: "EUR" },
      { id: "united-kingdom", name: "United Kingdom", currency: "GBP" },
    ]);
    expect(root.policies?.freeShippingFrom).toBe("€75");
  });

  it("is the chosen one after /market, which goes back to the page the form was on", async () => {
    const response = await choose(`market=united-kingdom&back=${encodeURIComponent("/products?category=dresses")}`);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/products?category=dresses");
    const cookie = marketCookieOf(response);
    expect(cookie).not.toBe("");
    const root = await rootData("/products", cookie);
    expect(root.market).toEqual({ id: "united-kingdom", currency: "GBP" });
    // The zones' €75 at 0.86, to the penny: the footer's figures follow the currency.
    expect(root.policies?.freeShippingFrom).toBe("£64.50");
  });

  it("never sends the shopper to another site", async () => {
    for (const back of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      const response = await choose(`market=united-kingdom&back=${encodeURIComponent(back)}`);
      expect(response.status, back).toBe(303);
      expect(response.headers.get("Location"), back).toBe("/");
    }
  });

  it("keeps nothing for a market the shop does not have, and a stale or forged cookie is the default", async () => {
    const unknown = await choose("market=atlantis&back=/cart");
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get("Location")).toBe("/cart");
    expect(marketCookieOf(unknown)).toBe("");
    // A cookie naming a market that was since deleted (signed by us) and one not signed by us.
    const gone = marketCookieOf(await choose("market=united-kingdom&back=/"));
    await harness.ctx.markets.remove("united-kingdom", "owner@hemline.test");
    try {
      expect((await rootData("/", gone)).market.id).toBe("europe");
    } finally {
      await harness.ctx.markets.save(ukMarketInput(), "owner@hemline.test");
    }
    expect((await rootData("/", "market=united-kingdom")).market.id).toBe("europe");
  });
});

describe("the render cache", () => {
  /** The key entry.server gives the page at `url` with these loaders' data. */
  const pageKey = (url: URL, loaderData: Record<string, unknown>, viewer: { csrfToken: string; email: string }) =>
    renderKey(pageIn(url, loaderData), loaderData, viewer);

  it("keeps one page per market: the same URL in pounds and in euros never shares a key", async () => {
    const cookie = marketCookieOf(await choose("market=united-kingdom&back=/"));
    const viewer = { csrfToken: harness.csrfToken, email: "" };
    const url = new URL("http://shop.test/products?category=dresses");
    const euros = pageKey(url, { root: await rootData(url.pathname + url.search) }, viewer);
    const againInEuros = pageKey(url, { root: await rootData(url.pathname + url.search) }, viewer);
    const pounds = pageKey(url, { root: await rootData(url.pathname + url.search, cookie) }, viewer);
    expect(euros).not.toBeNull();
    expect(againInEuros).toBe(euros);
    expect(pounds).not.toBeNull();
    expect(pounds).not.toBe(euros);
  });

  it("keys by the market even when nothing else in the data tells the two apart", () => {
    const viewer = { csrfToken: "token", email: "" };
    const url = new URL("http://shop.test/about");
    const page = (id: string) => ({ root: { market: { id } }, "routes/about": { body: "same" } });
    expect(pageKey(url, page("europe"), viewer)).not.toBe(pageKey(url, page("united-kingdom"), viewer));
  });
});
