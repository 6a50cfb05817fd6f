import type { ProductQuery } from "~/lib/product-query";

// Listing and search results, kept per version of the catalogue index: shoppers ask for the same
// pages and searches again and again, and a result (24 cards, their facets) costs 3–5 ms to work out
// but nothing to look up. A new version (a product, price or stock change applied to the index)
// makes every older result unreachable at once; they leave as newer ones come in. Bounded by bytes,
// least recently used dropped first. Per process: it only saves work that can be redone.

/** Results for a few hundred queries; one of 24 cards is 20–40 KB as JSON. */
export const LISTING_CACHE_BYTES = 8 * 1024 * 1024;

interface Entry<T> {
  value: T;
  bytes: number;
}

export class ListingCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = LISTING_CACHE_BYTES,
    /** What an entry weighs; JSON text length by default (worked out once, on a miss). */
    private readonly weigh: (value: T) => number = (value) => JSON.stringify(value).length,
  ) {}

  /** The query's result at `version`, worked out by `compute` on a miss. */
  /** `variant`: what else the result depends on (the shopper's currency and rate). */
  async get(version: number, query: ProductQuery, compute: () => T | Promise<T>, variant = ""): Promise<T> {
    const key = keyOf(version, query, variant);
    const entry = this.entries.get(key);
    if (entry) {
      // Most recently used last: Map keeps insertion order, so eviction takes the first.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value;
    }
    const value = await compute();
    const bytes = this.weigh(value);
    if (bytes > this.maxBytes) return value;
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.bytes;
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }
}

/** Every field of the query in a fixed order (the parsed query: two spellings of one URL are one entry). */
function keyOf(version: number, q: ProductQuery, variant: string): string {
  return JSON.stringify([
    version,
    variant,
    q.search,
    q.category,
    q.sizes,
    q.colours,
    q.minPrice,
    q.maxPrice,
    q.sort,
    q.page,
  ]);
}
