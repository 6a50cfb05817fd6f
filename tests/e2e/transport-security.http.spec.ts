import { expect, test } from "./fixtures";
import { type ExtraShop, startShop } from "./support/extra-shop";

// Strict-Transport-Security, as a browser gets it from a shop behind a TLS proxy: on every kind of
// response when PUBLIC_URL is https (pages, resource routes, the build's assets, public/ files,
// redirects, a 404, an error answer), never when it is http. Shops of their own, on the production build.

test.describe.configure({ timeout: 300_000 });

const ONE_YEAR = "max-age=31536000";

async function ready(shop: ExtraShop) {
  await expect(async () => {
    expect(shop.exitCode(), shop.output()).toBeNull();
    expect((await fetch(`http://127.0.0.1:${shop.port}/healthz`)).status).toBe(200);
  }).toPass({ timeout: 180_000 });
}

/** Status and Strict-Transport-Security of each kind of response, as a TLS proxy would forward them. */
async function answers(port: number): Promise<Array<[string, number, string | null]>> {
  const base = `http://127.0.0.1:${port}`;
  const proxied = { "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9" };
  const get = (path: string, init: RequestInit = {}) =>
    fetch(base + path, { redirect: "manual", ...init, headers: { ...proxied, ...(init.headers ?? {}) } });
  const home = await get("/");
  const asset = /(?:href|src)="(\/build\/[^"]+)"/.exec(await home.text())?.[1];
  expect(asset, "a built asset on the home page").toBeTruthy();
  const cases: Array<[string, Response]> = [
    ["a page", home],
    ["a built asset", await get(asset!)],
    ["a public/ file", await get("/favicon.svg")],
    ["a resource route", await get("/healthz")],
    ["a redirect", await get("/checkout/cancel")],
    ["a 404 page", await get("/no-such-page")],
    [
      "an error answer",
      await get("/auth/logout", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }),
    ],
  ];
  return cases.map(([what, response]) => [what, response.status, response.headers.get("strict-transport-security")]);
}

test("an https shop sends Strict-Transport-Security on every response; an http shop never does", async () => {
  const https = await startShop(() => ({
    PUBLIC_URL: "https://shop.example.test",
    TRUST_PROXY: "1",
    HSTS_INCLUDE_SUBDOMAINS: "1",
    HSTS_PRELOAD: "1",
  }));
  const http = await startShop(() => ({ PUBLIC_URL: "http://shop.example.test", TRUST_PROXY: "1" }));
  try {
    await Promise.all([ready(https), ready(http)]);
    const expected = [200, 200, 200, 200, 302, 404, 415];
    const secure = await answers(https.port);
    expect(secure.map(([, status]) => status)).toEqual(expected);
    for (const [what, , header] of secure) expect(header, what).toBe(`${ONE_YEAR}; includeSubDomains; preload`);
    const plain = await answers(http.port);
    expect(plain.map(([, status]) => status)).toEqual(expected);
    for (const [what, , header] of plain) expect(header, what).toBeNull();
  } finally {
    await Promise.all([https.stop(), http.stop()]);
  }
});

test("HSTS_PRELOAD without HSTS_INCLUDE_SUBDOMAINS stops start-up with a message naming it", async () => {
  const shop = await startShop(() => ({ PUBLIC_URL: "https://shop.example.test", HSTS_PRELOAD: "1" }));
  try {
    await expect.poll(() => shop.exitCode(), { timeout: 120_000 }).toBe(1);
    expect(shop.output()).toContain("HSTS_PRELOAD: needs HSTS_INCLUDE_SUBDOMAINS=1");
  } finally {
    await shop.stop();
  }
});
