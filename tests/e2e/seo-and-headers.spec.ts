import { expect, test } from "./fixtures";

test("pages carry a title, description, canonical URL, Open Graph tags and security headers", async ({
  page,
  baseURL,
}) => {
  const response = await page.goto("/products/p0001");
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  await expect(page).toHaveTitle(/\| Hemline$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/products/p0001`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/media\/v1\//);
});

test("fingerprinted assets are cached immutable and responses are compressed", async ({ page, request }) => {
  await page.goto("/");
  const css = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
  expect(css).toMatch(/^\/build\//);
  const asset = await request.get(css!, { headers: { "Accept-Encoding": "gzip" } });
  expect(asset.headers()["cache-control"]).toContain("immutable");
  expect(asset.headers()["content-encoding"]).toBe("gzip");
  const html = await request.get("/products", { headers: { "Accept-Encoding": "gzip" } });
  expect(html.headers()["content-encoding"]).toBe("gzip");
  // Route data (what a JavaScript navigation fetches) is compressed by the server, pages by the build.
  const data = await request.get("/products.data", { headers: { "Accept-Encoding": "br" } });
  expect(data.status()).toBe(200);
  expect(data.headers()["content-encoding"]).toBe("br");
  expect(await data.text()).toContain("routes/products._index");
});
