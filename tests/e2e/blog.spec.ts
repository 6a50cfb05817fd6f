import { expect, test } from "./fixtures";

// Reading the blog, with and without JavaScript, on the seeded posts.

test("the blog lists seeded posts and a post shows its title and reading time", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  const list = page.getByRole("main");
  await expect(list.getByRole("link", { name: "Introducing the Autumn/Winter 2026 collection" })).toBeVisible();
  await list.getByRole("link", { name: "How to wash wool and cashmere without ruining it" }).click();
  await expect(page).toHaveURL(/\/blog\/how-to-wash-wool-and-cashmere$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "How to wash wool and cashmere without ruining it" }),
  ).toBeVisible();
  await expect(page.getByText(/\d+ min read/).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "When you do wash" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Related posts" })).toBeVisible();
});

test("the blog filters by tag", async ({ page }) => {
  await page.goto("/blog");
  await page.getByRole("navigation", { name: "Blog tags" }).getByRole("link", { name: "#care-tips" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Blog: #care-tips" })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Caring for leather shoes: a ten-minute routine" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Five ways to style a white t-shirt" })).toHaveCount(0);
});

test("an unknown post is 'Page Not Found: /blog/{slug}'", async ({ page }) => {
  const response = await page.goto("/blog/no-such-post");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Page Not Found: /blog/no-such-post")).toBeVisible();
});

test("a post carries Open Graph tags and BlogPosting JSON-LD, and the sitemap lists the blog", async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto("/blog/caring-for-leather-shoes");
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    "Caring for leather shoes: a ten-minute routine",
  );
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({
    "@type": "BlogPosting",
    headline: "Caring for leather shoes: a ten-minute routine",
    url: `${baseURL}/blog/caring-for-leather-shoes`,
  });
  const xml = await (await request.get("/sitemap.xml")).text();
  expect(xml).toContain(`<loc>${baseURL}/blog</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/blog/caring-for-leather-shoes</loc>`);
});
