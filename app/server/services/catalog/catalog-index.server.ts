import MiniSearch from "minisearch";
import { getCategory, type CategoryId } from "~/lib/categories";
import { PAGE_SIZE, type ProductQuery } from "~/lib/product-query";
import { compareSizes } from "~/lib/sizes";
import type { Colour, Product, ProductImage } from "~/server/store/types";
import { MAX_QUERY_TERMS, fuzzinessFor, processTerm } from "./search-terms.server";

// An in-process index of the sellable catalogue: full-text search (MiniSearch: typo-tolerant,
// prefix-aware, ranked) plus filters, facets, sorting and pagination. It is fed from the store
// port, so every backend answers listing queries the same way, and it stays fast at 100,000
// products because nothing on the listing path touches the database.

/** What a listing shows of a product. */
export interface ProductSummary {
  id: string;
  slug: string;
  name: string;
  category: CategoryId;
  priceMinor: number;
  compareAtMinor: number | null;
  colours: Colour[];
  image: ProductImage | null;
  hoverImage: ProductImage | null;
  soldOut: boolean;
}

interface Doc {
  summary: ProductSummary;
  featured: boolean;
  createdAt: number;
  sizesInStock: Set<string>;
  coloursInStock: Set<string>;
  /** "size\u0000colour" for every variant with stock: size and colour filters apply to one variant. */
  variantsInStock: Set<string>;
}

export interface FacetValue {
  value: string;
  count: number;
}

export interface PriceBucket {
  /** Whole euros; max null = open-ended. */
  min: number;
  max: number | null;
  count: number;
}

export interface ListingResult {
  items: ProductSummary[];
  total: number;
  page: number;
  pageCount: number;
  facets: {
    categories: FacetValue[];
    sizes: FacetValue[];
    colours: Array<FacetValue & { hex: string }>;
    prices: PriceBucket[];
  };
  /** True when no product matched every search word and results match any of them instead. */
  relaxedSearch: boolean;
}

export const PRICE_BUCKETS: ReadonlyArray<{ min: number; max: number | null }> = [
  { min: 0, max: 25 },
  { min: 25, max: 50 },
  { min: 50, max: 100 },
  { min: 100, max: 200 },
  { min: 200, max: null },
];

type SortOrder = "featured" | "newest" | "price-asc" | "price-desc";

const sorters: Record<SortOrder, (a: Doc, b: Doc) => number> = {
  featured: (a, b) => Number(b.featured) - Number(a.featured) || b.createdAt - a.createdAt || a.summary.id.localeCompare(b.summary.id),
  newest: (a, b) => b.createdAt - a.createdAt || a.summary.id.localeCompare(b.summary.id),
  "price-asc": (a, b) => a.summary.priceMinor - b.summary.priceMinor || b.createdAt - a.createdAt || a.summary.id.localeCompare(b.summary.id),
  "price-desc": (a, b) => b.summary.priceMinor - a.summary.priceMinor || b.createdAt - a.createdAt || a.summary.id.localeCompare(b.summary.id),
};

interface SearchDoc {
  id: string;
  name: string;
  category: string;
  colours: string;
  material: string;
  description: string;
}

function toSearchDoc(p: Product): SearchDoc {
  const category = getCategory(p.category);
  return {
    id: p.id,
    name: p.name,
    // Both the display name and the slug, so "t-shirt", "tshirt" and "tee" style queries land.
    category: `${category?.name ?? p.category} ${p.category}`,
    colours: p.colours.map((c) => c.name).join(" "),
    material: p.material,
    description: p.description,
  };
}

function toDoc(p: Product): Doc {
  const inStock = p.variants.filter((v) => v.stock > 0);
  return {
    summary: {
      id: p.id,
      slug: p.slug,
      name: p.name,
      category: p.category,
      priceMinor: p.priceMinor,
      compareAtMinor: p.compareAtMinor,
      colours: p.colours,
      image: p.images[0] ?? null,
      hoverImage: p.images[1] ?? null,
      soldOut: inStock.length === 0,
    },
    featured: p.featured,
    createdAt: Date.parse(p.createdAt) || 0,
    sizesInStock: new Set(inStock.map((v) => v.size)),
    coloursInStock: new Set(inStock.map((v) => v.colour)),
    variantsInStock: new Set(inStock.map((v) => `${v.size}\u0000${v.colour}`)),
  };
}

export class CatalogIndex {
  /** The highest store change number applied. */
  seq = 0;
  private docs = new Map<string, Doc>();
  private sorted = new Map<SortOrder, Doc[]>();
  private search = new MiniSearch<SearchDoc>({
    fields: ["name", "category", "colours", "material", "description"],
    storeFields: [],
    processTerm: (term) => processTerm(term),
    searchOptions: {
      boost: { name: 4, category: 3, colours: 2, material: 1.5, description: 1 },
      prefix: (term) => term.length >= 2,
      fuzzy: (term) => fuzzinessFor(term),
      maxFuzzy: 2,
    },
  });

  get size(): number {
    return this.docs.size;
  }

  /** Apply changed products (in seq order). Only active products are listed. */
  apply(products: Product[]): void {
    for (const p of products) {
      if (this.docs.has(p.id)) {
        this.docs.delete(p.id);
        this.search.discard(p.id);
      }
      if (p.status === "active") {
        this.docs.set(p.id, toDoc(p));
        this.search.add(toSearchDoc(p));
      }
      if (p.seq > this.seq) this.seq = p.seq;
    }
    if (products.length > 0) this.sorted.clear();
  }

  get(id: string): ProductSummary | undefined {
    return this.docs.get(id)?.summary;
  }

  private sortedBy(order: SortOrder): Doc[] {
    let list = this.sorted.get(order);
    if (!list) {
      list = [...this.docs.values()].sort(sorters[order]);
      this.sorted.set(order, list);
    }
    return list;
  }

  /** Scores by product id for a search; tries every word first, then any word. */
  private scores(text: string): { scores: Map<string, number>; relaxed: boolean } {
    const terms = text.split(/\s+/).filter(Boolean).slice(0, MAX_QUERY_TERMS).join(" ");
    const run = (combineWith: "AND" | "OR") =>
      new Map(this.search.search(terms, { combineWith }).map((r) => [String(r.id), r.score]));
    const all = run("AND");
    if (all.size > 0) return { scores: all, relaxed: false };
    const any = run("OR");
    return { scores: any, relaxed: any.size > 0 };
  }

  query(q: ProductQuery): ListingResult {
    const search = q.search ? this.scores(q.search) : null;
    const order: SortOrder = q.sort === "relevance" ? "featured" : q.sort;
    const minMinor = q.minPrice === null ? null : q.minPrice * 100;
    const maxMinor = q.maxPrice === null ? null : q.maxPrice * 100;
    const sizes = q.sizes;
    const colours = q.colours;

    const categoryCounts = new Map<string, number>();
    const sizeCounts = new Map<string, number>();
    const colourCounts = new Map<string, { count: number; hex: string }>();
    const priceCounts = PRICE_BUCKETS.map(() => 0);
    const matches: Doc[] = [];

    // One pass computes the results and every facet. Each facet counts the products that pass
    // all the *other* filters, so choosing "M" still shows how many there are in "L".
    for (const doc of this.sortedBy(order)) {
      const s = doc.summary;
      if (search && !search.scores.has(s.id)) continue;
      const inCategory = q.category === null || s.category === q.category;
      const price = s.priceMinor;
      const inPrice = (minMinor === null || price >= minMinor) && (maxMinor === null || price <= maxMinor);
      const inSize = sizes.length === 0 || sizes.some((size) => doc.sizesInStock.has(size));
      const inColour = colours.length === 0 || colours.some((c) => doc.coloursInStock.has(c));
      // Size and colour together must be one variant that is in stock.
      const inVariant =
        sizes.length === 0 ||
        colours.length === 0 ||
        sizes.some((size) => colours.some((c) => doc.variantsInStock.has(`${size}\u0000${c}`)));

      if (inPrice && inSize && inColour && inVariant) {
        categoryCounts.set(s.category, (categoryCounts.get(s.category) ?? 0) + 1);
      }
      if (!inCategory) continue;
      if (inPrice && inColour) {
        for (const size of doc.sizesInStock) {
          if (colours.length === 0 || colours.some((c) => doc.variantsInStock.has(`${size}\u0000${c}`))) {
            sizeCounts.set(size, (sizeCounts.get(size) ?? 0) + 1);
          }
        }
      }
      if (inPrice && inSize) {
        for (const colour of s.colours) {
          if (!doc.coloursInStock.has(colour.name)) continue;
          if (sizes.length > 0 && !sizes.some((size) => doc.variantsInStock.has(`${size}\u0000${colour.name}`))) continue;
          const entry = colourCounts.get(colour.name);
          if (entry) entry.count += 1;
          else colourCounts.set(colour.name, { count: 1, hex: colour.hex });
        }
      }
      if (inSize && inColour && inVariant) {
        // Inclusive at both ends, exactly like the min/max filter a bucket link applies,
        // so a bucket's count is always the number of results its link shows.
        PRICE_BUCKETS.forEach((b, i) => {
          if (price >= b.min * 100 && (b.max === null || price <= b.max * 100)) priceCounts[i] += 1;
        });
      }
      if (inPrice && inSize && inColour && inVariant) matches.push(doc);
    }

    if (search && q.sort === "relevance") {
      const scores = search.scores;
      matches.sort((a, b) => (scores.get(b.summary.id) ?? 0) - (scores.get(a.summary.id) ?? 0));
    }

    const total = matches.length;
    const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
    // A page past the end shows the last page rather than an empty one.
    const page = Math.min(q.page, pageCount);
    const start = (page - 1) * PAGE_SIZE;

    return {
      items: matches.slice(start, start + PAGE_SIZE).map((d) => d.summary),
      total,
      page,
      pageCount,
      facets: {
        categories: [...categoryCounts].map(([value, count]) => ({ value, count })),
        sizes: [...sizeCounts]
          .map(([value, count]) => ({ value, count }))
          .sort((a, b) => compareSizes(a.value, b.value)),
        colours: [...colourCounts]
          .map(([value, { count, hex }]) => ({ value, count, hex }))
          .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
        prices: PRICE_BUCKETS.map((b, i) => ({ ...b, count: priceCounts[i] })),
      },
      relaxedSearch: search?.relaxed ?? false,
    };
  }

  /** Featured first, then newest: for the home page and "you may also like". */
  list(order: SortOrder, filter: (s: ProductSummary) => boolean, limit: number): ProductSummary[] {
    const out: ProductSummary[] = [];
    for (const doc of this.sortedBy(order)) {
      if (out.length >= limit) break;
      if (filter(doc.summary)) out.push(doc.summary);
    }
    return out;
  }

  /** Every listed product id and slug (sitemap). */
  allSummaries(): IterableIterator<ProductSummary> {
    const docs = this.docs.values();
    return (function* () {
      for (const d of docs) yield d.summary;
    })();
  }
}
