import { describe, expect, it } from "vitest";
import { isTrackingParam, pageIdentity, withoutTracking } from "~/server/http/tracking-params.server";

// Links from newsletters and ads carry where the visitor came from: the page they ask for is the
// same one, so one render-cache entry and one canonical URL, and no route ever sees those parameters.

describe("withoutTracking", () => {
  it("drops utm_*, gclid, fbclid, msclkid and the like, keeping the other parameters as they were", () => {
    expect(withoutTracking("/products?utm_source=news&category=jeans&gclid=abc&sort=newest&fbclid=x")).toBe(
      "/products?category=jeans&sort=newest",
    );
    expect(withoutTracking("/products/p1?msclkid=1&UTM_Campaign=w")).toBe("/products/p1");
    expect(withoutTracking("/?utm_medium=email&")).toBe("/");
  });

  it("returns the request target unchanged when there is nothing to drop", () => {
    const target = "/products?search=blue+jeans&sizes=M&sizes=L&sort=price-asc";
    expect(withoutTracking(target)).toBe(target);
    expect(withoutTracking("/products")).toBe("/products");
  });

  it("leaves a parameter whose name is not valid percent-encoding to the route", () => {
    expect(withoutTracking("/products?%E0%A4%A=1&utm_source=x")).toBe("/products?%E0%A4%A=1");
  });

  it("knows encoded names too", () => {
    expect(withoutTracking("/products?utm%5Fsource=x&page=2")).toBe("/products?page=2");
  });
});

describe("pageIdentity", () => {
  it("is the same for parameters in another order or with tracking parameters", () => {
    const base = pageIdentity(new URL("https://shop.test/products?category=jeans&sort=newest&page=2"));
    expect(pageIdentity(new URL("https://shop.test/products?page=2&sort=newest&category=jeans"))).toBe(base);
    expect(pageIdentity(new URL("https://shop.test/products?sort=newest&utm_source=a&page=2&category=jeans"))).toBe(
      base,
    );
    expect(base).toBe("/products?category=jeans&page=2&sort=newest");
  });

  it("keeps the values of one parameter in their order, and tells different pages apart", () => {
    const ml = pageIdentity(new URL("https://shop.test/products?sizes=M&category=jeans&sizes=L"));
    expect(ml).toBe("/products?category=jeans&sizes=M&sizes=L");
    expect(pageIdentity(new URL("https://shop.test/products?category=jeans&page=3"))).not.toBe(
      pageIdentity(new URL("https://shop.test/products?category=jeans&page=2")),
    );
  });

  it("names the tracking parameters it knows", () => {
    for (const name of ["utm_source", "utm_term", "gclid", "fbclid", "msclkid", "_gl"])
      expect(isTrackingParam(name), name).toBe(true);
    for (const name of ["search", "category", "page", "sort", "colour", "utm"])
      expect(isTrackingParam(name), name).toBe(false);
  });
});
