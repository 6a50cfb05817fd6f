import { describe, expect, it } from "vitest";
import { MAX_SEARCH_LENGTH, parseProductQuery, productsHref } from "~/lib/product-query";

const parse = (qs: string) => parseProductQuery(new URLSearchParams(qs));

describe("parseProductQuery", () => {
  it("reads the spec's category and search parameters", () => {
    const { query, notices } = parse("category=jeans&search=%20slim%20%20fit%20");
    expect(query.category).toBe("jeans");
    expect(query.search).toBe("slim fit");
    expect(notices).toEqual([]);
  });

  it("normalises pages a person can type to page 1", () => {
    for (const page of ["-3", "abc", "0", "1.5", "", "1e3"]) expect(parse(`page=${page}`).query.page).toBe(1);
    expect(parse("page=99999999").query.page).toBe(99999999);
  });

  it("falls back to the default sort for nonsense, and to relevance only with a search", () => {
    expect(parse("sort=nonsense").query.sort).toBe("featured");
    expect(parse("sort=relevance").query.sort).toBe("featured");
    expect(parse("search=dress").query.sort).toBe("relevance");
    expect(parse("search=dress&sort=price-asc").query.sort).toBe("price-asc");
  });

  it("ignores an unknown category with a notice", () => {
    const { query, notices } = parse("category=unknown");
    expect(query.category).toBeNull();
    expect(notices[0]).toContain('"unknown"');
  });

  it("caps a very long search and strips control characters", () => {
    const { query } = parse(`search=${"a".repeat(5000)}`);
    expect(query.search.length).toBe(MAX_SEARCH_LENGTH);
    expect(parse("search=a%00b%0Ac").query.search).toBe("a b c");
  });

  it("takes the first of repeated single-value parameters and all of repeated facets", () => {
    const { query } = parse("category=jeans&category=shoes&size=M&size=L&size=M");
    expect(query.category).toBe("jeans");
    expect(query.sizes).toEqual(["M", "L"]);
  });

  it("swaps a reversed price range and rejects non-numbers", () => {
    expect(parse("min=100&max=20").query).toMatchObject({ minPrice: 20, maxPrice: 100 });
    expect(parse("min=abc&max=-5").query).toMatchObject({ minPrice: null, maxPrice: null });
  });
});

describe("productsHref", () => {
  it("omits defaults and round-trips through the parser", () => {
    const { query } = parse("category=jeans&size=M&sort=price-asc&page=2");
    const href = productsHref(query);
    expect(href).toBe("/products?category=jeans&size=M&sort=price-asc&page=2");
    expect(parse(href.split("?")[1]).query).toEqual(query);
    expect(productsHref(parse("").query)).toBe("/products");
  });

  it("encodes text so HTML and SQL fragments stay inert", () => {
    const { query } = parse("search=%3Cscript%3Ealert(1)%3C%2Fscript%3E' OR 1=1");
    expect(productsHref(query)).not.toContain("<");
  });
});
