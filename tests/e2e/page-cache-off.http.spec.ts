import { expect, test } from "./fixtures";

// Against the shop started with PAGE_CACHE=off (the cache-off-js-off project only): the catalogue's
// pages are rendered for every request and streamed, none is kept or answered early, and each still
// carries the visitor's own form token and the page's security headers.

test("with the page cache off a catalogue page is streamed for every visit, never kept", async ({ request }) => {
  const tokens = new Set<string>();
  for (let visit = 0; visit < 3; visit++) {
    for (const path of ["/products", "/products/p0001", "/"]) {
      const response = await request.get(path, { headers: { "accept-encoding": "gzip" } });
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      expect(headers["x-cache"], `${path}: nothing kept, nothing served again`).toBeUndefined();
      expect(headers["transfer-encoding"], `${path}: streamed`).toBe("chunked");
      expect(headers["content-security-policy"], path).toMatch(/nonce-/);
      const html = await response.text();
      expect(html.startsWith("<!DOCTYPE html>"), path).toBe(true);
      expect(html.trimEnd().endsWith("</html>"), path).toBe(true);
      const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
      if (token) tokens.add(token);
    }
  }
  // The same browser context keeps its cookie: one token, the visitor's own, on every page.
  expect(tokens.size).toBe(1);
});
