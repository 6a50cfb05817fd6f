import { expect, test } from "./fixtures";

test("an unmatched path shows the 404 error page with all its links", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText("Page not found", { exact: true })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "Browse Products" })).toHaveAttribute("href", "/products");
  // The response's request id is the reference the shopper quotes, in the page and in the e-mail's subject
  // (JS on: the page hydrated keeps it).
  const reference = response!.headers()["x-request-id"]!;
  expect(reference).toMatch(/^[0-9a-f-]{36}$/);
  await expect(main.getByText(`Reference: ${reference}`)).toBeVisible();
  await expect(main.getByRole("link", { name: "Contact support" })).toHaveAttribute(
    "href",
    `mailto:care@hemline.test?subject=Reference%20${reference}`,
  );
  const popular = main.getByRole("region", { name: "Popular Categories" }).getByRole("link");
  await expect(popular).toHaveCount(4);
  const hrefs = await popular.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(hrefs).toEqual([
    "/products?category=t-shirts",
    "/products?category=jeans",
    "/products?category=sweaters",
    "/products?category=dresses",
  ]);

  await main.getByRole("link", { name: "Browse Products" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole("heading", { level: 1, name: "All products" })).toBeVisible();
});

test("the error page search submits only non-blank text, trimmed", async ({ page }) => {
  await page.goto("/no-such-page");
  const search = page.getByRole("main").getByRole("searchbox", { name: "Search products" });

  await search.fill("   ");
  await search.press("Enter");
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  // The browser's own validation keeps a blank search on the page, with or without JS.
  await expect(page).toHaveURL(/\/no-such-page$/);
  expect(await search.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(false);

  await search.fill("  wool sweater  ");
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/products\?search=wool(\+|%20)sweater$/);
  await expect(page.getByRole("heading", { level: 1, name: "Results for “wool sweater”" })).toBeVisible();
});

test("a route parameter that cannot be an id is 'Page Not Found: {path}'", async ({ page }) => {
  const response = await page.goto("/products/not%20an%20id!");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Page Not Found: /products/not%20an%20id!")).toBeVisible();
  const missing = await page.goto("/products/p9999");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});

test("a method a page does not take is a 405 on the shop's error page, never Remix's text", async ({ page, js }) => {
  // A plain HTML form posting to pages that only answer GET (served at the shop's origin, so it
  // works with JavaScript off too).
  await page.route("**/__e2e/post-form", (route) =>
    route.fulfill({
      contentType: "text/html",
      body:
        '<!doctype html><title>post</title><form method="post" action="/about"><button>Post to about</button></form>' +
        '<form method="post" action="/products?category=jeans"><button>Post to products</button></form>',
    }),
  );
  for (const [button, path] of [
    ["Post to about", "/about"],
    ["Post to products", "/products"],
  ] as const) {
    await page.goto("/__e2e/post-form");
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === "POST"),
      page.getByRole("button", { name: button }).click(),
    ]);
    expect(response.status()).toBe(405);
    await page.waitForLoadState("load");
    // With JavaScript, look again once React has taken over the page (it renders the error anew).
    if (js)
      await page.waitForFunction(() =>
        Object.keys(document.querySelector("main") ?? {}).some((key) => key.startsWith("__reactFiber")),
      );
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "405" })).toBeVisible();
    await expect(main.getByRole("heading", { level: 2, name: "Something Went Wrong" })).toBeVisible();
    await expect(main.getByText("An unexpected error occurred. Please try again or contact support.")).toBeVisible();
    await expect(page).toHaveTitle(/^Something Went Wrong \| /);
    await expect(main.getByRole("link", { name: "Go Home" })).toBeVisible();
    const text = await page.locator("body").innerText();
    expect(text).not.toMatch(/You made a POST|did not provide an `action`|routes\/|Method Not Allowed/);
  }
});
