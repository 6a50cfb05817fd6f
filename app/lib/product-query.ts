import { getCategory, isCategoryId, type CategoryId } from "./categories";

// Parsing and building /products URLs. Anything a person can type into the address bar is
// normalised here into a valid query (never an error): unknown values are dropped with a notice.

export const PAGE_SIZE = 24;
export const MAX_SEARCH_LENGTH = 200;
/** Bounds beyond any price, in whole units of any currency (a yen bound is 150-odd times a euro one). */
const MAX_PRICE_UNITS = 100_000_000;
const MAX_FILTER_VALUES = 20;

export const SORTS = ["featured", "newest", "price-asc", "price-desc", "rating", "relevance"] as const;
export type SortKey = (typeof SORTS)[number];

export const SORT_LABELS: Record<SortKey, string> = {
  relevance: "Best match",
  featured: "Featured",
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  rating: "Top rated",
};

export interface ProductQuery {
  search: string;
  category: CategoryId | null;
  sizes: string[];
  colours: string[];
  /** Whole units of the shopper's currency, as typed in the price form; null when not set. */
  minPrice: number | null;
  maxPrice: number | null;
  sort: SortKey;
  page: number;
}

export interface ParsedProductQuery {
  query: ProductQuery;
  /** Plain-text notes about what was ignored, shown above the results. */
  notices: string[];
}

function first(params: URLSearchParams, key: string): string {
  return params.get(key) ?? "";
}

/** Strip control characters and collapse whitespace; cap the length so a pasted essay stays cheap. */
export function normaliseSearch(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- stripping control characters is the point
      .replace(/[\u0000-\u001f\u007f]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, MAX_SEARCH_LENGTH)
      .trim()
  );
}

function parseWholeAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Math.floor(Number(trimmed));
  return Math.min(value, MAX_PRICE_UNITS);
}

function cleanValues(values: string[]): string[] {
  const out = new Set<string>();
  for (const raw of values) {
    const value = raw.trim().slice(0, 40);
    if (value) out.add(value);
    if (out.size >= MAX_FILTER_VALUES) break;
  }
  return [...out];
}

export function parseProductQuery(params: URLSearchParams): ParsedProductQuery {
  const notices: string[] = [];
  const search = normaliseSearch(first(params, "search"));

  const categoryParam = first(params, "category").trim();
  let category: CategoryId | null = null;
  if (isCategoryId(categoryParam)) category = categoryParam;
  else if (categoryParam)
    notices.push(`We don't have a category called "${categoryParam.slice(0, 40)}", so we're showing everything.`);

  let minPrice = parseWholeAmount(first(params, "min"));
  let maxPrice = parseWholeAmount(first(params, "max"));
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];

  const sortParam = first(params, "sort");
  const defaultSort: SortKey = search ? "relevance" : "featured";
  let sort: SortKey = (SORTS as readonly string[]).includes(sortParam) ? (sortParam as SortKey) : defaultSort;
  // Relevance needs something to be relevant to.
  if (sort === "relevance" && !search) sort = "featured";

  // Digits only: "1e3", "1.5" and "-3" are typos, not page numbers.
  const pageText = first(params, "page").trim();
  const page = /^\d{1,9}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1;

  return {
    query: {
      search,
      category,
      sizes: cleanValues(params.getAll("size")),
      colours: cleanValues(params.getAll("colour")),
      minPrice,
      maxPrice,
      sort,
      page,
    },
    notices,
  };
}

/** The canonical query string for a query, defaults omitted; `overrides` change single fields. */
export function productsHref(query: ProductQuery, overrides: Partial<ProductQuery> = {}): string {
  const q = { ...query, ...overrides };
  const params = new URLSearchParams();
  if (q.search) params.set("search", q.search);
  if (q.category) params.set("category", q.category);
  for (const size of q.sizes) params.append("size", size);
  for (const colour of q.colours) params.append("colour", colour);
  if (q.minPrice !== null) params.set("min", String(q.minPrice));
  if (q.maxPrice !== null) params.set("max", String(q.maxPrice));
  const defaultSort: SortKey = q.search ? "relevance" : "featured";
  if (q.sort !== defaultSort) params.set("sort", q.sort);
  if (q.page > 1) params.set("page", String(q.page));
  const text = params.toString();
  return text ? `/products?${text}` : "/products";
}

export function toggleValue(values: string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

/** A heading for the listing, e.g. "Jeans" or "Results for “jeens”". */
export function listingTitle(query: ProductQuery): string {
  if (query.search) return `Results for “${query.search}”`;
  if (query.category) return getCategory(query.category)?.name ?? "All products";
  return "All products";
}

export const emptyQuery: ProductQuery = {
  search: "",
  category: null,
  sizes: [],
  colours: [],
  minPrice: null,
  maxPrice: null,
  sort: "featured",
  page: 1,
};
