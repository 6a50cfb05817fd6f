import { expect, test } from "./fixtures";

// What crawlers and load balancers fetch: requests only, so once (in the js-on project) is enough.

test("sitemap lists home, categories, products and info pages", async ({ request, baseURL }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  for (const path of [
    "/",
    "/products?category=jeans",
    "/products/p0001",
    "/size-guide",
    "/care-guide",
    "/about",
    "/terms",
    "/privacy",
    "/returns",
    "/shipping",
  ]) {
    expect(xml).toContain(`<loc>${baseURL}${path.replace("&", "&#38;")}</loc>`);
  }
  expect(xml).not.toContain("/admin");
});

test("robots.txt keeps crawlers out of private areas", async ({ request }) => {
  const text = await (await request.get("/robots.txt")).text();
  for (const path of ["/admin", "/cart", "/checkout", "/profile", "/orders"])
    expect(text).toContain(`Disallow: ${path}`);
  expect(text).toMatch(/Sitemap: http.*\/sitemap\.xml/);
});

const GOOGLEBOT = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };

test("bots get the status and a minimal body, not the error page", async ({ request }) => {
  const response = await request.get("/no-such-page", { headers: GOOGLEBOT });
  expect(response.status()).toBe(404);
  const body = await response.text();
  expect(body).not.toContain("Popular Categories");
  expect(body.length).toBeLessThan(100);
  const person = await request.get("/no-such-page");
  expect(await person.text()).toContain("Popular Categories");
});

test("a form a bot posted comes back as a page with its message, not the bare error body", async ({ request }) => {
  const response = await request.post("/auth/login", { headers: GOOGLEBOT, form: { email: "", password: "" } });
  expect(response.status()).toBeGreaterThanOrEqual(400);
  expect(response.status()).toBeLessThan(500);
  const body = await response.text();
  expect(body).toContain("<form");
  expect(body).toContain('role="alert"');
});

test("health check answers", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok" });
});
