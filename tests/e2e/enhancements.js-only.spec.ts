import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

// Browser-only enhancements (js-on project only): the recently viewed store and idle prefetch.

const KEY = "hemline:recently-viewed";

async function storedIds(page: Page): Promise<string[]> {
  return page.evaluate((key) => {
    try {
      return (JSON.parse(localStorage.getItem(key) ?? "null")?.items ?? []).map((i: { id: string }) => i.id);
    } catch {
      return [];
    }
  }, KEY);
}

test("recently viewed products are remembered in this browser and shown on the next product", async ({ page }) => {
  await page.goto("/products/p0001");
  const firstName = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  await expect.poll(() => storedIds(page)).toEqual(["p0001"]);
  // Nothing to show yet: the only product viewed is this one.
  await expect(page.getByRole("heading", { name: "Recently viewed" })).toHaveCount(0);

  await page.goto("/products/p0002");
  const recent = page.getByRole("region", { name: "Recently viewed" });
  await expect(recent.getByRole("link", { name: firstName })).toHaveAttribute("href", "/products/p0001");
  const secondName = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  await expect(recent.getByRole("link", { name: secondName })).toHaveCount(0);
  await expect.poll(() => storedIds(page)).toEqual(["p0002", "p0001"]);

  // The server never renders the list: it lives in the browser.
  const html = await (await page.request.get("/products/p0002")).text();
  expect(html).not.toContain("Recently viewed");
});

test("a recently viewed price is shown only in the currency it was seen in, never relabelled", async ({ page }) => {
  await page.addInitScript((key) => {
    if (!sessionStorage.getItem("seeded")) {
      sessionStorage.setItem("seeded", "1");
      // Seen by this browser in pounds (another market), and one kept before currencies were recorded.
      const item = (id: string, name: string, priceMinor: number, currency?: string) => ({
        id,
        name,
        priceMinor,
        ...(currency ? { currency } : {}),
        imageUrl: null,
        imageAlt: "",
      });
      localStorage.setItem(
        key,
        JSON.stringify({
          v: 1,
          items: [item("p0004", "Seen in pounds", 4299, "GBP"), item("p0005", "Seen before", 1234)],
        }),
      );
    }
  }, KEY);
  await page.goto("/products/p0001");
  const firstPrice = await page.locator("main [data-price]").first().getAttribute("data-price");
  // The view is kept once the page has hydrated: wait for it before leaving, as a shopper would have.
  await expect.poll(() => storedIds(page)).toEqual(["p0001", "p0004", "p0005"]);
  await page.goto("/products/p0002");
  const recent = page.getByRole("region", { name: "Recently viewed" });
  await expect(recent.getByRole("link", { name: "Seen in pounds" })).toBeVisible();
  await expect(recent.getByRole("link", { name: "Seen before" })).toBeVisible();
  // The euro price it was seen at is shown; the pounds and the unknown one are not, in any currency.
  await expect(recent.locator(`[data-price="${firstPrice}"]`)).toHaveText(/^€\d+\.\d\d$/);
  await expect(recent.locator("[data-price]")).toHaveCount(1);
  await expect(recent.getByText(/42[.,]99|12[.,]34/)).toHaveCount(0);
});

test("corrupt or foreign stored data is ignored, never an error", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript((key) => {
    if (!sessionStorage.getItem("seeded")) {
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem(key, '{"v":1,"items":[{"id":"../x","name":1},{"id":"p0005"');
    }
  }, KEY);
  await page.goto("/products/p0003");
  await expect.poll(() => storedIds(page)).toEqual(["p0003"]);
  await expect(page.getByRole("heading", { name: "Recently viewed" })).toHaveCount(0);

  await page.evaluate(
    (key) =>
      localStorage.setItem(
        key,
        JSON.stringify({
          v: 1,
          items: [
            { id: "p0004", name: "Planted", priceMinor: 100, imageUrl: "https://tracker.example/p.gif", imageAlt: "" },
            "junk",
            7,
          ],
        }),
      ),
    KEY,
  );
  await page.goto("/products/p0005");
  await expect.poll(() => storedIds(page)).toEqual(["p0005"]);
  await expect(page.getByRole("heading", { name: "Recently viewed" })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a second after the page loads, the code of the routes it links to is preloaded, and no product page is fetched", async ({
  page,
}) => {
  // The page's clock is ours and stands still: nothing that waits for it can happen until we move
  // it on, however long loading takes on a busy machine.
  const start = new Date("2026-11-23T12:00:00.000Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
  const requests: { url: URL; type: string; method: string }[] = [];
  page.on("request", (r) => requests.push({ url: new URL(r.url()), type: r.resourceType(), method: r.method() }));
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Featured" })).toBeVisible();
  await page.waitForFunction(() =>
    Object.keys(document.querySelector("main") ?? {}).some((key) => key.startsWith("__reactFiber")),
  );
  await page.waitForLoadState("networkidle");

  // Loaded and hydrated, but not yet a second later: only the page's own code, no route discovery.
  const ownModules = await page.evaluate(() => {
    const w = window as unknown as {
      __remixRouteModules: Record<string, unknown>;
      __remixManifest: { routes: Record<string, { module: string }> };
    };
    return Object.keys(w.__remixRouteModules).map(
      (id) => new URL(w.__remixManifest.routes[id].module, location.href).pathname,
    );
  });
  const routeModules = (list: typeof requests) =>
    list.filter((r) => r.url.pathname.startsWith("/build/routes/")).map((r) => r.url.pathname);
  expect(requests.filter((r) => r.url.pathname === "/__manifest")).toEqual([]);
  expect(routeModules(requests).filter((path) => !ownModules.includes(path))).toEqual([]);

  const [manifest] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === "/__manifest"),
    page.clock.runFor(1000),
  ]);
  const discovered = (await manifest.json()) as Record<string, { id: string; module: string }>;
  const linked = Object.values(discovered)
    .map((route) => route.module)
    .filter((module) => !ownModules.includes(module));
  // The home page links to the catalogue, products, the cart, the blog, the info pages…
  expect(linked).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/build\/routes\/products\.\$id-/),
      expect.stringMatching(/^\/build\/routes\/about-/),
    ]),
  );
  await expect.poll(() => linked.filter((module) => !routeModules(requests).includes(module))).toEqual([]);

  // Only code: no product page, document or data, was fetched in the background.
  const pages = requests.filter(
    (r, i) => i > 0 && (r.type === "document" || r.url.pathname.endsWith(".data") || r.url.searchParams.has("_data")),
  );
  expect(pages.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`)).toEqual([]);
  const html = await (await page.request.get("/")).text();
  expect(html).not.toMatch(/rel="prefetch"/);
});
