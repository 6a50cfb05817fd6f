import { expect, test } from "./fixtures";

const QUERIES = [
  "page=-3",
  "page=abc",
  "page=99999999",
  "sort=nonsense",
  "category=unknown",
  `search=${"x".repeat(5000)}`,
  "search=%F0%9F%91%97%F0%9F%94%A5",
  "search=%27%20OR%201%3D1%20--",
  "search=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
  "category=jeans&category=shoes&page=2&page=3",
  "size=%3Cb%3E&colour=%22%3E%3Cscript%3E&min=abc&max=-1",
  "min=1e999&max=999999999999",
];

test("anything typed into the address bar gives a normal page, never a 500 or raw HTML", async ({ page }) => {
  for (const qs of QUERIES) {
    const response = await page.goto(`/products?${qs}`);
    expect(response?.status(), qs).toBe(200);
    const html = await response!.text();
    expect(html, qs).not.toContain("<img src=x onerror");
    expect(html, qs).not.toContain('"><script>');
    expect(html, qs).not.toContain("<b>");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
});

test("an unknown category says so and shows everything", async ({ page }) => {
  await page.goto("/products?category=unknown");
  await expect(page.getByText(`We don't have a category called "unknown"`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "All products" })).toBeVisible();
});
