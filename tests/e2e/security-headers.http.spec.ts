import type { APIResponse, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { registerOrSignIn } from "./support/accounts";

// Requests only, against the production server: every kind of response carries the common
// security headers (resource routes too: health check, robots, sitemap, feed, CSV, images), and
// bodies no HTML form sends are answered 415/400/413, never 500. (*.http.spec.ts: no browser
// behaviour, so once is enough; see the report for the js-off project's testIgnore.)

const COMMON = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
};

function expectCommonHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  for (const [name, value] of Object.entries(COMMON)) expect(headers[name], `${name} on ${what}`).toBe(value);
}

// payments-admin-<project> is in the test server's ADMIN_EMAILS and no other spec signs in with it.
const adminOf = (testInfo: TestInfo) => `payments-admin-${testInfo.project.name}@hemline.test`;

async function signInAsAdmin(page: Page, testInfo: TestInfo) {
  await registerOrSignIn(page, adminOf(testInfo));
}

test("resource routes carry the common security headers, on success, redirect and error alike", async ({ request }) => {
  const cases: Array<[string, number]> = [
    ["/healthz", 200],
    ["/robots.txt", 200],
    ["/sitemap.xml", 200],
    ["/blog/rss.xml", 200],
    ["/media/v1/t-shirts/front/1f1f1f.svg", 200],
    ["/media/v1/socks/front/nothing.svg", 404],
    ["/uploads/products/missing.webp", 404],
    ["/uploads/blog/missing.webp", 404],
    ["/webhooks/stripe", 405],
    ["/checkout/cancel", 302],
    ["/auth/logout", 302],
    ["/admin/products/export.csv", 302],
  ];
  for (const [path, status] of cases) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(status);
    expectCommonHeaders(response, path);
  }
  // Pages and their data requests, for comparison: entry.server sets these.
  expectCommonHeaders(await request.get("/products"), "a page");
  expectCommonHeaders(await request.get("/products.data"), "a data request");
});

test("the CSV export carries them too", async ({ page }, testInfo) => {
  await signInAsAdmin(page, testInfo);
  const csv = await page.request.get("/admin/products/export.csv");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expectCommonHeaders(csv, "the CSV export");
});

test("a form posted as JSON, text or XML is answered 415 with a plain message, never 500", async ({
  page,
  request,
}, testInfo) => {
  const bodies: Array<[string, string]> = [
    ["application/json", '{"intent":"add","productId":"p0001"}'],
    ["application/json", '[{"intent":"add"}]'],
    ["text/plain", "intent=add"],
    ["application/xml", "<form><intent>add</intent></form>"],
  ];
  for (const [type, data] of bodies) {
    // A document request (the page's own URL): the error page, with the status and the message.
    const cart = await request.post("/cart", { headers: { "Content-Type": type }, data, maxRedirects: 0 });
    expect(cart.status(), `/cart ${type}`).toBe(415);
    expect(await cart.text()).toContain("This form must be sent as application/x-www-form-urlencoded");
    expectCommonHeaders(cart, "the 415 page");
    // A resource route: the plain message itself.
    const logout = await request.post("/auth/logout", { headers: { "Content-Type": type }, data, maxRedirects: 0 });
    expect(logout.status(), `/auth/logout ${type}`).toBe(415);
    expect(logout.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    expectCommonHeaders(logout, "the 415 text");
    // A data request (as JavaScript would make it).
    const dataRequest = await request.post("/cart.data", { headers: { "Content-Type": type }, data, maxRedirects: 0 });
    expect(dataRequest.status(), `/cart.data ${type}`).toBe(415);
  }

  await signInAsAdmin(page, testInfo);
  for (const path of ["/admin/products/p0001/edit", "/admin/blog/new", "/admin/products/import"]) {
    for (const [type, data] of bodies) {
      const response = await page.request.post(path, { headers: { "Content-Type": type }, data, maxRedirects: 0 });
      expect(response.status(), `${path} ${type}`).toBe(415);
    }
  }
  const truncated = await page.request.post("/admin/products/import", {
    headers: { "Content-Type": "multipart/form-data; boundary=fz" },
    data: '--fz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nslug,na',
    maxRedirects: 0,
  });
  expect(truncated.status()).toBe(400);
  expect(await truncated.text()).toContain("The form could not be read");
  const noBoundary = await page.request.post("/admin/blog/new", {
    headers: { "Content-Type": "multipart/form-data" },
    data: "x",
    maxRedirects: 0,
  });
  expect(noBoundary.status()).toBe(400);
  const tooLarge = await page.request.post("/cart", {
    form: { intent: "update", note: "x".repeat(1_100_000) },
    maxRedirects: 0,
  });
  expect(tooLarge.status()).toBe(413);
});
