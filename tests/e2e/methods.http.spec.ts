import fs from "node:fs";
import path from "node:path";
import { ROUTES_DIR, routeFiles, routeName } from "../support/route-files";
import { expect, test } from "./fixtures";

// Browsers send pages GET and forms POST. Any other method, to any route, is 405 with an Allow
// header naming what the route takes, whatever the body (issue 25, item 2): a page answers with
// the shop's error page, a resource route with a line of text, and no action reads the body.

/** products.$id -> /products/x1; orders.$id_.invoice -> /orders/x1/invoice. */
function pathOf(route: string): string {
  const name = route.replaceAll("[.]", "\u0000");
  const segments = name
    .split(".")
    .filter((s) => s !== "_index")
    .map((s) => s.replace(/_$/, ""))
    .map((s) => (s.startsWith("$") ? "x1" : s.replaceAll("\u0000", ".")));
  return `/${segments.join("/")}`;
}

const routes = routeFiles()
  .filter((f) => f !== "$.tsx")
  .map((file) => {
    const source = fs.readFileSync(path.join(ROUTES_DIR, file), "utf8");
    return {
      file,
      path: pathOf(routeName(file)),
      page: /export default function/.test(source),
      action: /export (const|async function|function) action\b/.test(source),
      // The admin API's routes name the other methods their action takes (export const apiMethods = ["PATCH"]).
      extra: [...(/export const apiMethods = \[([^\]]*)\]/.exec(source)?.[1] ?? "").matchAll(/"([A-Z]+)"/g)].map(
        (m) => m[1]!,
      ),
    };
  });

const BODIES: Array<[string, Record<string, string>, string | undefined]> = [
  ["no body", {}, undefined],
  ["JSON", { "Content-Type": "application/json" }, '{"intent":"add"}'],
  ["a form", { "Content-Type": "application/x-www-form-urlencoded" }, "intent=add&quantity=1"],
];

test("every route answers a method it does not take with 405 and Allow, whatever the body", async ({ request }) => {
  // About a thousand requests, one after another: a loaded CI machine took over 30 s (a budget, not a measure).
  test.setTimeout(120_000);
  expect(routes.length).toBeGreaterThan(50);
  expect(routes.find((r) => r.file === "cart/route.tsx")).toMatchObject({ page: true, action: true });
  const failures: string[] = [];
  for (const route of routes) {
    const allow = route.action ? ["GET", "HEAD", "POST", ...route.extra].join(", ") : "GET, HEAD";
    for (const method of ["PUT", "DELETE", "PATCH"].filter((m) => !route.extra.includes(m))) {
      for (const [what, headers, data] of BODIES) {
        const response = await request.fetch(route.path, { method, headers, data, maxRedirects: 0 });
        const label = `${method} ${route.path} with ${what}`;
        if (response.status() !== 405) failures.push(`${label}: ${response.status()}`);
        else if (response.headers()["allow"] !== allow)
          failures.push(`${label}: Allow ${response.headers()["allow"]}, expected ${allow}`);
        else if (route.page && !(await response.text()).includes(">405</h1>"))
          failures.push(`${label}: not the shop's error page`);
      }
    }
    // A page without a form does not take POST either.
    if (!route.action) {
      const response = await request.post(route.path, { form: { a: "1" }, maxRedirects: 0 });
      if (response.status() !== 405 || response.headers()["allow"] !== allow)
        failures.push(`POST ${route.path}: ${response.status()} Allow ${response.headers()["allow"]}`);
    }
  }
  expect(failures).toEqual([]);
});

test("OPTIONS says what a route takes; an unknown path stays 404 for any method", async ({ request }) => {
  const options = await request.fetch("/cart", { method: "OPTIONS" });
  expect(options.status()).toBe(204);
  expect(options.headers()["allow"]).toBe("GET, HEAD, POST");
  // The admin API too, and a preflight from another site is answered without allowing it (CORS closed).
  const preflight = await request.fetch("/api/v1/products/x1/variants/x1", {
    method: "OPTIONS",
    headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "PATCH" },
  });
  expect(preflight.status()).toBe(204);
  expect(preflight.headers()["allow"]).toBe("GET, HEAD, POST, PATCH");
  expect(preflight.headers()["access-control-allow-origin"]).toBeUndefined();
  expect(preflight.headers()["access-control-allow-methods"]).toBeUndefined();
  const unknown = await request.fetch("/no-such-page", { method: "DELETE" });
  expect(unknown.status()).toBe(404);
});
