import path from "node:path";
import { ROUTES_DIR, routeFiles, routeName } from "../support/route-files";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRouteHarness, type Handler, type RouteHarness, type Who } from "../support/route-harness";

// Resource routes (no component: feeds, CSV, images, /healthz, webhooks) send their Response as it
// is, past entry.server. Every answer of each one, success, redirect or error, must carry the
// common security headers (nosniff and the rest). The routes are found from the files: a new
// resource route fails here until it has rows below, and those pass only when it is wrapped in
// resourceRoute().

type RouteModule = { default?: unknown; loader?: Handler; action?: Handler };

interface Row {
  what: string;
  kind: "loader" | "action";
  path: string;
  params?: Record<string, string>;
  who?: Who;
  body?: { type: string; text: string };
  status: number;
}

const CSRF = "{csrf}";

const ROWS: Record<string, Row[]> = {
  healthz: [{ what: "up", kind: "loader", path: "/healthz", status: 200 }],
  // The harness's shop has no METRICS_TOKEN: the path does not exist (tests/e2e/operations.http.spec.ts scrapes it).
  metrics: [{ what: "without a token", kind: "loader", path: "/metrics", status: 404 }],
  "robots[.]txt": [{ what: "robots.txt", kind: "loader", path: "/robots.txt", status: 200 }],
  "sitemap[.]xml": [{ what: "sitemap", kind: "loader", path: "/sitemap.xml", status: 200 }],
  "blog.rss[.]xml": [{ what: "feed", kind: "loader", path: "/blog/rss.xml", status: 200 }],
  "feeds.google[.]xml": [
    { what: "product feed", kind: "loader", path: "/feeds/google.xml", status: 200 },
    { what: "unknown country", kind: "loader", path: "/feeds/google.xml?country=ZZ", status: 400 },
  ],
  "feeds.google[.]tsv": [{ what: "product feed", kind: "loader", path: "/feeds/google.tsv", status: 200 }],
  "admin.products.export[.]csv": [
    { what: "CSV for an admin", kind: "loader", path: "/admin/products/export.csv", who: "admin", status: 200 },
    { what: "sign-in redirect", kind: "loader", path: "/admin/products/export.csv", status: 302 },
    { what: "refused shopper", kind: "loader", path: "/admin/products/export.csv", who: "shopper", status: 403 },
  ],
  "admin.reports.reorder[.]csv": [
    { what: "CSV for an admin", kind: "loader", path: "/admin/reports/reorder.csv", who: "admin", status: 200 },
    { what: "refused shopper", kind: "loader", path: "/admin/reports/reorder.csv", who: "shopper", status: 403 },
  ],
  "media.v1.$category.$view.$file": [
    {
      what: "drawing",
      kind: "loader",
      path: "/media/v1/t-shirts/front/1f1f1f.svg",
      params: { category: "t-shirts", view: "front", file: "1f1f1f.svg" },
      status: 200,
    },
    {
      what: "unknown drawing",
      kind: "loader",
      path: "/media/v1/socks/front/x.svg",
      params: { category: "socks", view: "front", file: "x.svg" },
      status: 404,
    },
  ],
  "uploads.products.$file": [
    {
      what: "missing photo",
      kind: "loader",
      path: "/uploads/products/missing.webp",
      params: { file: "missing.webp" },
      status: 404,
    },
  ],
  "uploads.blog.$file": [
    {
      what: "missing cover",
      kind: "loader",
      path: "/uploads/blog/missing.webp",
      params: { file: "missing.webp" },
      status: 404,
    },
  ],
  // Without HEMLINE_TEST_HOOKS=storage-full (refused in production) the switch does not exist.
  "test-hooks.storage-full": [
    { what: "GET", kind: "loader", path: "/test-hooks/storage-full", status: 404 },
    {
      what: "POST without the storage-full test hook",
      kind: "action",
      path: "/test-hooks/storage-full",
      body: { type: "application/x-www-form-urlencoded", text: "full=on" },
      status: 404,
    },
  ],
  "webhooks.stripe": [
    { what: "GET", kind: "loader", path: "/webhooks/stripe", status: 405 },
    {
      what: "POST while Stripe is not configured",
      kind: "action",
      path: "/webhooks/stripe",
      body: { type: "application/json", text: "{}" },
      status: 404,
    },
  ],
  "checkout.cancel": [
    { what: "back to the cart", kind: "loader", path: "/checkout/cancel?order=..", status: 302 },
    { what: "back to the order, with a notice", kind: "loader", path: "/checkout/cancel?order=bad", status: 303 },
  ],
  market: [
    { what: "a market the shop has", kind: "loader", path: "/market?market=europe&back=/products", status: 303 },
    {
      what: "another site to go back to",
      kind: "loader",
      path: "/market?market=europe&back=//evil.example",
      status: 303,
    },
  ],
  "auth.logout": [
    { what: "GET", kind: "loader", path: "/auth/logout", status: 302 },
    {
      what: "forged sign-out",
      kind: "action",
      path: "/auth/logout",
      who: "shopper",
      body: { type: "application/x-www-form-urlencoded", text: "csrf=forged" },
      status: 403,
    },
    {
      what: "JSON",
      kind: "action",
      path: "/auth/logout",
      who: "shopper",
      body: { type: "application/json", text: "{}" },
      status: 415,
    },
  ],
  "auth.google": [
    { what: "GET", kind: "loader", path: "/auth/google", status: 302 },
    {
      what: "forged token",
      kind: "action",
      path: "/auth/google",
      body: { type: "application/x-www-form-urlencoded", text: "csrf=forged&idToken=x" },
      status: 403,
    },
    {
      what: "no token",
      kind: "action",
      path: "/auth/google",
      body: { type: "application/x-www-form-urlencoded", text: `csrf=${CSRF}` },
      status: 400,
    },
    { what: "JSON", kind: "action", path: "/auth/google", body: { type: "application/json", text: "{}" }, status: 415 },
  ],
  // The admin API: without a key every endpoint is a 401 problem (tests/integration/admin-api.test.ts calls them with keys).
  "api.v1.openapi[.]json": [{ what: "document", kind: "loader", path: "/api/v1/openapi.json", status: 200 }],
  "api.v1.products._index": [{ what: "no key", kind: "loader", path: "/api/v1/products", status: 401 }],
  "api.v1.products.$id._index": [
    { what: "no key", kind: "loader", path: "/api/v1/products/p1", params: { id: "p1" }, status: 401 },
  ],
  "api.v1.products.$id.variants.$sku": [
    {
      what: "no key",
      kind: "loader",
      path: "/api/v1/products/p1/variants/S",
      params: { id: "p1", sku: "S" },
      status: 401,
    },
    {
      what: "POST",
      kind: "action",
      path: "/api/v1/products/p1/variants/S",
      params: { id: "p1", sku: "S" },
      body: { type: "application/json", text: "{}" },
      status: 405,
    },
  ],
  "api.v1.orders._index": [{ what: "no key", kind: "loader", path: "/api/v1/orders", status: 401 }],
  "api.v1.orders.$id._index": [
    { what: "no key", kind: "loader", path: "/api/v1/orders/o1", params: { id: "o1" }, status: 401 },
  ],
  "api.v1.orders.$id.shipment": [
    { what: "GET", kind: "loader", path: "/api/v1/orders/o1/shipment", params: { id: "o1" }, status: 405 },
    {
      what: "no key",
      kind: "action",
      path: "/api/v1/orders/o1/shipment",
      params: { id: "o1" },
      body: { type: "application/json", text: "{}" },
      status: 401,
    },
  ],
  "api.v1.orders.$id.refunds": [
    { what: "GET", kind: "loader", path: "/api/v1/orders/o1/refunds", params: { id: "o1" }, status: 405 },
    {
      what: "no key",
      kind: "action",
      path: "/api/v1/orders/o1/refunds",
      params: { id: "o1" },
      body: { type: "application/json", text: "{}" },
      status: 401,
    },
  ],
  "api.v1.customers._index": [{ what: "no key", kind: "loader", path: "/api/v1/customers", status: 401 }],
  "api.v1.customers.$id": [
    { what: "no key", kind: "loader", path: "/api/v1/customers/c1", params: { id: "c1" }, status: 401 },
  ],
  "api.v1.returns._index": [{ what: "no key", kind: "loader", path: "/api/v1/returns", status: 401 }],
};

let harness: RouteHarness;
let COMMON: Record<string, string>;
const resourceRoutes: Record<string, RouteModule> = {};

beforeAll(async () => {
  harness = await createRouteHarness();
  COMMON = (await import("~/server/http/security-headers.server")).commonSecurityHeaders();
  for (const file of routeFiles()) {
    const mod = (await import(path.join(ROUTES_DIR, file))) as RouteModule;
    if (mod.default === undefined) resourceRoutes[routeName(file)] = mod;
  }
});

afterAll(async () => {
  await harness?.close();
});

function requestFor(row: Row): Request {
  const base = harness.request(row.path, row.who ?? "signed-out");
  if (!row.body) return base;
  const headers = new Headers(base.headers);
  headers.set("Content-Type", row.body.type);
  return new Request(base.url, {
    method: "POST",
    headers,
    body: row.body.text.replace(CSRF, encodeURIComponent(harness.csrfToken)),
  });
}

describe("resource routes", () => {
  it("are all listed here (a new one needs rows, and resourceRoute())", () => {
    expect(Object.keys(resourceRoutes).sort()).toEqual(Object.keys(ROWS).sort());
  });

  const rows = Object.entries(ROWS).flatMap(([file, list]) => list.map((row) => ({ file, ...row })));
  it.each(rows)("$file, $what ($kind): $status with the common security headers", async (row) => {
    const handler = resourceRoutes[row.file]?.[row.kind];
    expect(handler, `${row.file} has a ${row.kind}`).toBeTypeOf("function");
    const outcome = await harness.run(handler!, requestFor(row), row.params ?? {});
    expect(outcome).toBeInstanceOf(Response);
    const response = outcome as Response;
    expect(response.status).toBe(row.status);
    for (const [name, value] of Object.entries(COMMON)) expect(response.headers.get(name), name).toBe(value);
  });

  it("keeps a stricter policy a route sets itself", async () => {
    const row = ROWS["media.v1.$category.$view.$file"][0];
    const response = (await harness.run(
      resourceRoutes["media.v1.$category.$view.$file"].loader!,
      requestFor(row),
      row.params,
    )) as Response;
    expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });
});
