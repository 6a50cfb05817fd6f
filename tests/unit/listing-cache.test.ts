import { describe, expect, it } from "vitest";
import type { ProductQuery } from "~/lib/product-query";
import { ListingCache } from "~/server/services/catalog/listing-cache.server";

// Listing results are worked out once per version of the catalogue index: the same query at the same
// version is not worked out again, and a new version (an admin's change) never gets an older result.

const query = (overrides: Partial<ProductQuery> = {}): ProductQuery => ({
  search: "",
  category: null,
  sizes: [],
  colours: [],
  minPrice: null,
  maxPrice: null,
  sort: "featured",
  page: 1,
  ...overrides,
});

describe("ListingCache", () => {
  it("works a query out once per catalogue version", async () => {
    const cache = new ListingCache<string>();
    let runs = 0;
    const compute = () => `result ${++runs}`;
    expect(await cache.get(1, query({ search: "jeans" }), compute)).toBe("result 1");
    expect(await cache.get(1, query({ search: "jeans" }), compute)).toBe("result 1");
    expect(await cache.get(1, query({ search: "jeans", page: 2 }), compute)).toBe("result 2");
    // A new version of the catalogue: worked out again.
    expect(await cache.get(2, query({ search: "jeans" }), compute)).toBe("result 3");
  });

  it("keeps within its bytes, dropping the result used least recently", async () => {
    const cache = new ListingCache<string>(30, (value) => value.length);
    const ten = (c: string) => () => c.repeat(10);
    for (const page of [1, 2, 3]) await cache.get(1, query({ page }), ten(String(page)));
    await cache.get(1, query({ page: 1 }), ten("x"));
    await cache.get(1, query({ page: 4 }), ten("4"));
    expect(cache.size).toBe(3);
    expect(cache.totalBytes).toBe(30);
    // Page 2 was used least recently: worked out again; page 1 is still the first result.
    expect(await cache.get(1, query({ page: 2 }), ten("y"))).toBe("yyyyyyyyyy");
    expect(await cache.get(1, query({ page: 1 }), ten("z"))).toBe("1111111111");
  });
});
