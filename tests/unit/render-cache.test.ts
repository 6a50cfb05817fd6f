import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  RenderCache,
  cutPage,
  fillPage,
  gzipPage,
  packPage,
  renderKey,
  unpackPage,
  substitutableEmail,
  type PageSecrets,
} from "~/server/page-delivery/render-cache.server";

// The render cache's promises (decision 0021, issue 27): a page is only served again for the same
// page identity and the same loader data (the viewer's token and address apart), and it always
// carries the current viewer's token, nonce and address, wherever the rendered page had the first viewer's.

const data = (token: string, cartCount = 0, price = 7950, email: string | null = null) => ({
  root: { csrfToken: token, cartCount, user: email ? { email, isAdmin: false } : null },
  "routes/products.$id": { product: { id: "p1", price }, email: email ?? "", when: new Date("2026-11-25T10:00:00Z") },
});

const viewer = (csrfToken: string, email = "") => ({ csrfToken, email });

const page = (token: string, nonce: string, email = "") =>
  Buffer.from(
    `<html><script nonce="${nonce}">x</script><header>${email}</header><form><input name="csrf" value="${token}">` +
      `<input name="email" value="${email}"></form>` +
      `<script nonce="${nonce}">window.d={"csrfToken":"${token}","email":"${email}"}</script></html>`,
  );

const secrets = (csrfToken: string, nonce: string, email = ""): PageSecrets => ({ csrfToken, nonce, email });

describe("renderKey", () => {
  it("is the same for two viewers whose data differs only by their token", async () => {
    expect(renderKey("/products/p1", data("tokA.1"), viewer("tokA.1"))).toBe(
      renderKey("/products/p1", data("tokB.2"), viewer("tokB.2")),
    );
  });

  it("is the same for two signed-in viewers with the same cart count, whatever their addresses", async () => {
    const a = renderKey("/products/p1", data("tokA", 1, 7950, "ann@example.com"), viewer("tokA", "ann@example.com"));
    const b = renderKey("/products/p1", data("tokB", 1, 7950, "bob@example.org"), viewer("tokB", "bob@example.org"));
    expect(a).toBe(b);
  });

  it("differs with the URL, the cart count, the product, or being signed in at all", async () => {
    const base = renderKey("/products/p1", data("t"), viewer("t"));
    expect(renderKey("/products/p1?colour=Red", data("t"), viewer("t"))).not.toBe(base);
    expect(renderKey("/products/p1", data("t", 1), viewer("t"))).not.toBe(base);
    expect(renderKey("/products/p1", data("t", 0, 5900), viewer("t"))).not.toBe(base);
    const signedIn = renderKey("/products/p1", data("t", 0, 7950, "ann@example.com"), viewer("t", "ann@example.com"));
    expect(signedIn).not.toBe(base);
  });

  it("keeps an address it cannot put back in the key: such a viewer gets pages of their own", async () => {
    const odd = "o'neil&co@example.com";
    expect(substitutableEmail(odd)).toBe("");
    const a = renderKey("/", data("t", 0, 7950, odd), viewer("t", substitutableEmail(odd)));
    const b = renderKey("/", data("t", 0, 7950, "x'y@example.com"), viewer("t", ""));
    expect(a).not.toBe(b);
  });

  it("tells a Map from an empty object, and refuses what it cannot compare", async () => {
    expect(renderKey("/", { a: new Map([["k", 1]]) }, viewer("t"))).not.toBe(renderKey("/", { a: {} }, viewer("t")));
    expect(renderKey("/", { a: Promise.resolve(1) }, viewer("t"))).toBeNull();
    expect(renderKey("/", { a: 1 }, viewer(""))).toBeNull();
  });
});

describe("cutPage", () => {
  it("keeps no page where the viewer's address is part of a longer one: the next viewer's would be put into it", () => {
    const viewer = secrets("tokenA", "nonceA==", "ann@example.com");
    expect(cutPage(Buffer.from(`<p>ann@example.com</p><a href="mailto:ann@example.com">`), viewer)).not.toBeNull();
    expect(cutPage(Buffer.from(`<p>joann@example.com</p>`), viewer)).toBeNull();
    expect(cutPage(Buffer.from(`<p>ann@example.com.au</p>`), viewer)).toBeNull();
  });
});

describe("RenderCache", () => {
  it("serves a page with the current token, nonce and address in every place the first viewer's were", async () => {
    const cache = new RenderCache();
    cache.set(
      "k",
      await packPage(
        cutPage(page("tokenA", "nonceA==", "ann@example.com"), secrets("tokenA", "nonceA==", "ann@example.com"))!,
        secrets("tokenA", "nonceA==", "ann@example.com"),
      ),
    );
    const served = fillPage(unpackPage(cache.get("k")!), secrets("tokenB", "nonceB+/", "bob@example.org")).toString();
    expect(served).toBe(page("tokenB", "nonceB+/", "bob@example.org").toString());
    expect(served).not.toContain("tokenA");
    expect(served).not.toContain("nonceA");
    expect(served).not.toContain("ann@example.com");
  });

  it("serves a kept page as gzip that a standard decoder turns into the page with the current viewer's values", async () => {
    const cache = new RenderCache();
    cache.set(
      "k",
      await packPage(
        cutPage(page("tokenA", "nonceA==", "ann@example.com"), secrets("tokenA", "nonceA==", "ann@example.com"))!,
        secrets("tokenA", "nonceA==", "ann@example.com"),
      ),
    );
    const gzipped = gzipPage(cache.get("k")!, secrets("tokenB", "nonceB+/", "bob@example.org"))!;
    // gunzipSync checks the CRC and length in the trailer.
    const served = zlib.gunzipSync(gzipped).toString();
    expect(served).toBe(page("tokenB", "nonceB+/", "bob@example.org").toString());
    expect(served).not.toContain("tokenA");
    expect(served).not.toContain("ann@example.com");
    // Another viewer of the same kept page gets theirs, not the first one's.
    const other = zlib.gunzipSync(gzipPage(cache.get("k")!, secrets("tokenC", "nonceC==", "x@y.example"))!);
    expect(other.toString()).toBe(page("tokenC", "nonceC==", "x@y.example").toString());
    // A token of another length than the page was compressed with cannot be put in: the caller compresses as usual.
    expect(gzipPage(cache.get("k")!, secrets("token-longer", "nonceC==", ""))).toBeNull();
  });

  it("keeps a page compressed: what it holds is smaller than the page", async () => {
    const big = Buffer.from(
      `<main>${"<li>a card of the listing</li>".repeat(2000)}</main>${page("tok.123", "nonce45")}`,
    );
    const packed = await packPage(cutPage(big, secrets("tok.123", "nonce45"))!, secrets("tok.123", "nonce45"));
    expect(packed.bytes).toBeLessThan(big.length / 5);
    expect(fillPage(unpackPage(packed), secrets("tok.123", "nonce45")).equals(big)).toBe(true);
  });

  it("forgets a page after its time to live", async () => {
    let now = 0;
    const cache = new RenderCache(1024 * 1024, 60_000, () => now);
    cache.set("k", await packPage(cutPage(page("t", "n"), secrets("t", "n"))!, secrets("t", "n")));
    now = 60_000;
    expect(cache.get("k")).not.toBeNull();
    now = 60_001;
    expect(cache.get("k")).toBeNull();
  });

  it("keeps within its bytes, dropping the page used least recently", async () => {
    const one = await packPage(cutPage(page("t", "n"), secrets("t", "n"))!, secrets("t", "n"));
    const cache = new RenderCache(one.bytes * 3);
    for (const key of ["a", "b", "c"]) cache.set(key, one);
    cache.get("a");
    cache.set("d", one);
    expect(cache.size).toBe(3);
    expect(cache.get("b")).toBeNull();
    for (const key of ["a", "c", "d"]) expect(cache.get(key), key).not.toBeNull();
  });

  it("hashes a page's data only from its second render, and keeps that second render", () => {
    let now = 0;
    const cache = new RenderCache(1024 * 1024, 60_000, () => now);
    expect(cache.renderOf("/products/p1")).toBe("first");
    expect(cache.renderOf("/products/p2")).toBe("first");
    now = 59_000;
    expect(cache.renderOf("/products/p1")).toBe("second");
    // From then on the key decides: served when kept, kept from its own second render.
    expect(cache.renderOf("/products/p1")).toBe("again");
    now = 118_000;
    expect(cache.renderOf("/products/p1")).toBe("again");
    // A minute after its last render a page is new again, and so is one last seen a minute ago.
    expect(cache.renderOf("/products/p2")).toBe("first");
    now = 178_001;
    expect(cache.renderOf("/products/p1")).toBe("first");
    expect(cache.renderOf("/products/p1")).toBe("second");
  });

  it("admits a page from its second render within its time to live, not its first", () => {
    let now = 0;
    const cache = new RenderCache(1024 * 1024, 60_000, () => now);
    expect(cache.admits("k")).toBe(false);
    now = 59_000;
    expect(cache.admits("k")).toBe(true);
    // Admitted once: the next render of the same page starts again (it is kept by then).
    expect(cache.admits("k")).toBe(false);
    // A render a minute after the last one is a first render again.
    now = 120_001;
    expect(cache.admits("k")).toBe(false);
    expect(cache.admits("other")).toBe(false);
    now = 120_002;
    expect(cache.admits("k")).toBe(true);
    expect(cache.admits("other")).toBe(true);
  });
});
