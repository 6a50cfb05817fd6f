import { expect, test } from "./fixtures";

// Without JavaScript (playwright.config.ts runs *.no-js.spec.ts in the js-off project only).

test("gallery images are plain links that open the image file", async ({ page }) => {
  await page.goto("/products/p0001");
  const gallery = page.locator("[data-gallery]");
  await expect(gallery).not.toHaveAttribute("data-enhanced");
  const link = gallery.getByRole("link").nth(1);
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/^\/media\/v1\/.+\.svg$/);

  const response = page.waitForResponse((r) => new URL(r.url()).pathname === href);
  await link.click();
  expect((await response).headers()["content-type"]).toContain("image/svg+xml");
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await expect(page.locator("svg").first()).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("no recently viewed list and no idle prefetch without JavaScript", async ({ page }) => {
  await page.goto("/products/p0001");
  await page.goto("/products/p0002");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recently viewed" })).toHaveCount(0);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Featured" })).toBeVisible();
  await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
});
