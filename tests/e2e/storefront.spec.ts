import { expect, test } from "./fixtures";

test("home → category → size filter → sort → product → size guide", async ({ page, js }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Featured" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "New arrivals" })).toBeVisible();

  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "T-Shirts" }).click();
  await expect(page).toHaveURL(/\/products\?category=t-shirts$/);
  await expect(page.getByRole("heading", { level: 1, name: "T-Shirts" })).toBeVisible();
  const total = Number((await page.getByRole("status").textContent())!.replace(/\D/g, ""));
  expect(total).toBeGreaterThanOrEqual(12);

  const filters = page.getByRole("form", { name: "Filters" });
  await filters.getByText("M", { exact: true }).click();
  if (!js) await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/size=M/);
  await expect(page.getByRole("list", { name: "Active filters" })).toContainText("Size M");
  await expect(page.getByRole("heading", { level: 1, name: "T-Shirts" })).toBeVisible();

  await page.getByRole("navigation", { name: "Sort" }).getByRole("link", { name: "Price: low to high" }).click();
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(page).toHaveURL(/size=M/);
  // The new page has rendered once its sort link is the current one.
  await expect(
    page.getByRole("navigation", { name: "Sort" }).getByRole("link", { name: "Price: low to high" }),
  ).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("region", { name: "Products" }).locator("article [data-price]").first()).toBeVisible();
  const values = await page
    .getByRole("region", { name: "Products" })
    .locator("article [data-price]")
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-price"))));
  expect(values.length).toBeGreaterThan(1);
  expect(values).toEqual([...values].sort((a, b) => a - b));

  const firstProduct = page.getByRole("region", { name: "Products" }).getByRole("article").first().getByRole("link");
  const name = (await firstProduct.textContent())!.trim();
  await firstProduct.click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("group", { name: /Size/ }).getByRole("radio", { name: /^M/ })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeVisible();

  await page.getByRole("main").getByRole("link", { name: "Size guide", exact: true }).click();
  await expect(page).toHaveURL(/\/size-guide#t-shirts$/);
  await expect(page.getByRole("heading", { level: 2, name: "T-Shirts" })).toBeVisible();
});

test("a typo search finds what was meant", async ({ page }) => {
  await page.goto("/");
  const search = page.getByRole("search").getByRole("searchbox", { name: "Search products" });
  await search.fill("jeens");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/products\?search=jeens/);
  await expect(page.getByRole("heading", { level: 1, name: "Results for “jeens”" })).toBeVisible();
  const links = page.getByRole("region", { name: "Products" }).getByRole("article").getByRole("link");
  // The page streams in: wait for the grid itself, not only the heading above it.
  await expect(links.first()).toBeVisible();
  const names = await links.allTextContents();
  expect(names.length).toBeGreaterThan(0);
  expect(names[0]).toMatch(/jean/i);
});

test("a search with no results suggests what to do next", async ({ page }) => {
  await page.goto("/products?search=zzqqxxv");
  await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse all products" })).toHaveAttribute("href", "/products");
  await expect(page.getByRole("heading", { name: "You might like" })).toBeVisible();
});

test("product page: gallery images are links to their full-size files, sold-out sizes are marked", async ({ page }) => {
  await page.goto("/products/p0001");
  const gallery = page.locator("[data-gallery]");
  const links = gallery.getByRole("link");
  expect(await links.count()).toBeGreaterThanOrEqual(2);
  for (const link of await links.all()) {
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/media\/v1\/.+\.svg$/);
    const image = await page.request.get(href!);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toContain("image/svg+xml");
    expect(image.headers()["cache-control"]).toContain("immutable");
  }
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(ld["@type"]).toBe("Product");
  expect(ld.offers.priceCurrency).toBe("EUR");
  await expect(page.getByRole("radio", { name: /Sold out/ }).first()).toBeDisabled();

  // "How to care for it" opens the care guide at this product's material.
  const care = page.getByRole("link", { name: "How to care for it" });
  const anchor = /^\/care-guide#([a-z-]+)$/.exec((await care.getAttribute("href")) ?? "")?.[1];
  expect(anchor, "a care-guide anchor").toBeTruthy();
  await care.click();
  await expect(page).toHaveURL(new RegExp(`/care-guide#${anchor}$`));
  await expect(page.locator(`[id="${anchor}"]`)).toBeVisible();
});

test("info pages have real content", async ({ page }) => {
  for (const [path, title] of [
    ["/about", /^About us \| Hemline$/],
    ["/terms", /^Terms of sale \| Hemline$/],
    ["/privacy", /^Privacy policy \| Hemline$/],
    ["/returns", /^Returns/],
    ["/shipping", /^Shipping/],
    ["/care-guide", /^Care guide/],
    ["/size-guide", /^Size guide/],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect((await page.getByRole("main").textContent())!.length).toBeGreaterThan(1500);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Size guide" })).toBeVisible();
  }
  await page.goto("/size-guide");
  for (const name of ["T-Shirts", "Jeans", "Sweaters", "Dresses", "Jackets", "Shoes", "Accessories"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
});
