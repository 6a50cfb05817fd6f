import { describe, expect, it } from "vitest";
import { RenderCache, renderKey } from "~/server/http/render-cache.server";

// The render cache's two promises (decision 0021): a page is only served again for the same URL
// and the same loader data (the CSRF token apart), and it always carries the current response's
// token and nonce, wherever the rendered page had the first viewer's.

const data = (token: string, cartCount = 0, price = 7950) => ({
  root: { csrfToken: token, cartCount, user: null },
  "routes/products.$id": { product: { id: "p1", price }, when: new Date("2026-11-25T10:00:00Z") },
});

const page = (token: string, nonce: string) =>
  Buffer.from(
    `<html><script nonce="${nonce}">x</script><form><input name="csrf" value="${token}"></form>` +
      `<script nonce="${nonce}">window.d={"csrfToken":"${token}"}</script></html>`,
  );

describe("renderKey", () => {
  it("is the same for two viewers whose data differs only by their token", () => {
    expect(renderKey("/products/p1", data("tokA.1"), "tokA.1")).toBe(
      renderKey("/products/p1", data("tokB.2"), "tokB.2"),
    );
  });

  it("differs with the URL, the cart count or the product", () => {
    const base = renderKey("/products/p1", data("t"), "t");
    expect(renderKey("/products/p1?colour=Red", data("t"), "t")).not.toBe(base);
    expect(renderKey("/products/p1", data("t", 1), "t")).not.toBe(base);
    expect(renderKey("/products/p1", data("t", 0, 5900), "t")).not.toBe(base);
  });

  it("tells a Map from an empty object, and refuses what it cannot compare", () => {
    expect(renderKey("/", { a: new Map([["k", 1]]) }, "t")).not.toBe(renderKey("/", { a: {} }, "t"));
    expect(renderKey("/", { a: Promise.resolve(1) }, "t")).toBeNull();
    expect(renderKey("/", { a: 1 }, "")).toBeNull();
  });
});

describe("RenderCache", () => {
  it("serves a page with the current token and nonce in every place the first viewer's were", () => {
    const cache = new RenderCache();
    cache.set("k", page("tokenA", "nonceA=="), { csrfToken: "tokenA", nonce: "nonceA==" });
    const served = cache.get("k", { csrfToken: "tokenB", nonce: "nonceB+/" })!.toString();
    expect(served).toBe(page("tokenB", "nonceB+/").toString());
    expect(served).not.toContain("tokenA");
    expect(served).not.toContain("nonceA");
  });

  it("forgets a page after its time to live", () => {
    let now = 0;
    const cache = new RenderCache(1024 * 1024, 60_000, () => now);
    cache.set("k", page("t", "n"), { csrfToken: "t", nonce: "n" });
    now = 60_000;
    expect(cache.get("k", { csrfToken: "t", nonce: "n" })).not.toBeNull();
    now = 60_001;
    expect(cache.get("k", { csrfToken: "t", nonce: "n" })).toBeNull();
  });

  it("keeps within its bytes, dropping the page used least recently", () => {
    const one = page("t", "n");
    const cache = new RenderCache(one.length * 3);
    const secrets = { csrfToken: "t", nonce: "n" };
    for (const key of ["a", "b", "c"]) cache.set(key, one, secrets);
    cache.get("a", secrets);
    cache.set("d", one, secrets);
    expect(cache.size).toBe(3);
    expect(cache.get("b", secrets)).toBeNull();
    for (const key of ["a", "c", "d"]) expect(cache.get(key, secrets), key).not.toBeNull();
  });
});
