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

  await page.evaluate((key) => localStorage.setItem(key, JSON.stringify({ v: 1, items: [{ id: "p0004", name: "Planted", priceMinor: 100, imageUrl: "https://tracker.example/p.gif", imageAlt: "" }, "junk", 7] })), KEY);
  await page.goto("/products/p0005");
  await expect.poll(() => storedIds(page)).toEqual(["p0005"]);
  await expect(page.getByRole("heading", { name: "Recently viewed" })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a second after the home page loads, the first featured products are prefetched", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Featured" })).toBeVisible();
  const prefetch = page.locator('link[rel="prefetch"][href^="/products/p"]');
  await expect(prefetch.first()).toBeAttached();
  expect(await prefetch.count()).toBeGreaterThanOrEqual(1);
  // Not part of the server's page: only the browser adds them, once idle.
  const html = await (await page.request.get("/")).text();
  expect(html).not.toMatch(/rel="prefetch"/);
});
