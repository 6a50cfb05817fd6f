import { CATEGORIES, getCategory, type CategoryId } from "~/lib/categories";
import { PAGE_SIZE, type ProductQuery } from "~/lib/product-query";
import { compareSizes } from "~/lib/sizes";
import type { Colour, Product, ProductImage } from "~/domain/product";
import { ratingAverage } from "~/domain/review";
import type { CatalogueChange, ChangeCursor } from "~/server/store/port";
import { MAX_QUERY_TERMS } from "./search-terms.server";
import { TextIndex, type SearchFields, type TextIndexData } from "./text-index.server";
import { canSell } from "~/lib/stock";
import { taggedImage } from "~/lib/colour-images";

// An in-process index of the sellable catalogue: full-text search (typo-tolerant, prefix-aware,
// ranked as MiniSearch ranks) plus filters, facets, sorting and pagination. It is fed from the
// store port, so every backend answers listing queries the same way, and it stays fast at 100,000
// products because nothing on the listing path touches the database. It keeps only what listings
// need (a card per product, facet values, ordering keys, postings), and can be written out as a
// snapshot and loaded from one (decision 0009).

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
  /**
   * For each colour with an image tagged with it (other than `image`), that colour's first image,
   * its `colour` set: what the card shows when the listing is filtered by that colour.
   */
  colourImages?: ProductImage[];
  /** Set on a listing filtered by colour: the colour the card shows (its picture, and its link's ?colour=). */
  colour?: string;
  soldOut: boolean;
  /** Its approved reviews: the average (one decimal) and how many; null before any. */
  rating: { average: number; count: number } | null;
}

interface Doc {
  /** Its number in the text index. */
  n: number;
  summary: ProductSummary;
  featured: boolean;
  createdAt: number;
  category: number;
  /** Ids (see Dictionary) of the sizes and colours with stock, and of in-stock size×colour pairs. */
  sizes: number[];
  colours: number[];
  pairs: number[];
  /** Bit i set when the price falls in PRICE_BUCKETS[i]. */
  buckets: number;
}

/** Small integer ids for sizes and colours, so the listing loop counts in typed arrays. */
class Dictionary {
  readonly names: string[] = [];
  private ids = new Map<string, number>();
  id(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
    }
    return id;
  }
  find(name: string): number {
    return this.ids.get(name) ?? -1;
  }
}

const pairId = (size: number, colour: number) => size * 4096 + colour;

/** One listed product in a snapshot, as compact as JSON allows (see CatalogIndex.export). */
type DocRow = [
  id: string,
  slug: string,
  name: string,
  category: CategoryId,
  priceMinor: number,
  compareAtMinor: number | null,
  colours: number[],
  image: [url: string, alt: string, width: number, height: number] | null,
  soldOut: 0 | 1,
  featured: 0 | 1,
  createdAt: number,
  sizes: number[],
  inStockColours: number[],
  pairs: number[],
  buckets: number,
  colourImages: Array<[colour: number, url: string, alt: string, width: number, height: number]> | 0,
  rating: [average: number, count: number] | null,
];

export interface CatalogIndexData {
  /** The change-feed position the index is valid at. */
  cursor: ChangeCursor | null;
  sizes: string[];
  colours: string[];
  colourHex: Array<[string, string]>;
  palette: Array<[string, string]>;
  rows: DocRow[];
  text: TextIndexData;
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

type SortOrder = "featured" | "newest" | "price-asc" | "price-desc" | "rating";

const sorters: Record<SortOrder, (a: Doc, b: Doc) => number> = {
  featured: (a, b) =>
    Number(b.featured) - Number(a.featured) || b.createdAt - a.createdAt || a.summary.id.localeCompare(b.summary.id),
  newest: (a, b) => b.createdAt - a.createdAt || a.summary.id.localeCompare(b.summary.id),
  "price-asc": (a, b) =>
    a.summary.priceMinor - b.summary.priceMinor ||
    b.createdAt - a.createdAt ||
    a.summary.id.localeCompare(b.summary.id),
  "price-desc": (a, b) =>
    b.summary.priceMinor - a.summary.priceMinor ||
    b.createdAt - a.createdAt ||
    a.summary.id.localeCompare(b.summary.id),
  // Best average first, more reviews breaking a tie; products without reviews after all rated ones.
  rating: (a, b) =>
    (b.summary.rating?.average ?? -1) - (a.summary.rating?.average ?? -1) ||
    (b.summary.rating?.count ?? 0) - (a.summary.rating?.count ?? 0) ||
    sorters.featured(a, b),
};

function toSearchFields(p: Product): SearchFields {
  const category = getCategory(p.category);
  return {
    name: p.name,
    // Both the display name and the slug, so "t-shirt", "tshirt" and "tee" style queries land.
    category: `${category?.name ?? p.category} ${p.category}`,
    colours: p.colours.map((c) => c.name).join(" "),
    material: p.material,
    description: p.description,
  };
}

const SEARCH_CACHE_SIZE = 100;
/** Listing results kept for repeat visits (page 2, back button, popular category pages). */
const RESULT_CACHE_SIZE = 100;

interface CachedResult {
  matches: Doc[];
  facets: ListingResult["facets"];
  relaxed: boolean;
}
const CATEGORY_IDS = CATEGORIES.map((c) => c.id);

export class CatalogIndex {
  /** Where this index stands in the store's change feed. */
  cursor: ChangeCursor | null = null;
  private docs = new Map<string, Doc>();
  private sorted = new Map<string, Doc[]>();
  private resultCache = new Map<string, CachedResult>();
  private sizeDict = new Dictionary();
  private colourDict = new Dictionary();
  private colourHex = new Map<string, string>();
  private categoryTotals: Map<string, number> | null = null;
  /** Recent searches (text -> scores); cleared whenever the catalogue changes. */
  private searchCache = new Map<string, { scores: Map<Doc, number>; relaxed: boolean }>();
  private search = new TextIndex();
  /** Docs by their number in the text index. */
  private byNumber: Array<Doc | undefined> = [];
  /** One Colour object per name and hex, shared by every card that shows it. */
  private colourObjects = new Map<string, Colour>();
  /** Image addresses shared between cards (generated pictures repeat across products). */
  private urls = new Map<string, string>();

  get size(): number {
    return this.docs.size;
  }

  private colour(c: Colour): Colour {
    const key = `${c.name}|${c.hex}`;
    let shared = this.colourObjects.get(key);
    if (!shared) {
      shared = { name: c.name, hex: c.hex };
      this.colourObjects.set(key, shared);
    }
    return shared;
  }

  private url(url: string): string {
    const shared = this.urls.get(url);
    if (shared !== undefined) return shared;
    this.urls.set(url, url);
    return url;
  }

  /** Each colour's first tagged image, leaving out the card's own image (kept compact: most cards need none). */
  private colourImagesOf(p: Product): ProductImage[] | undefined {
    const out: ProductImage[] = [];
    for (const c of p.colours) {
      const tagged = taggedImage(p.images, c.name);
      if (tagged && tagged !== p.images[0])
        out.push({
          url: this.url(tagged.url),
          alt: tagged.alt,
          width: tagged.width,
          height: tagged.height,
          colour: this.colourDict.names[this.colourDict.id(c.name)],
        });
    }
    return out.length ? out : undefined;
  }

  private toDoc(p: Product, n: number): Doc {
    const inStock = p.variants.filter(canSell);
    for (const c of p.colours) this.colourHex.set(c.name, c.hex);
    const image = p.images[0];
    let buckets = 0;
    PRICE_BUCKETS.forEach((b, i) => {
      // Inclusive at both ends, exactly like the min/max filter a bucket link applies,
      // so a bucket's count is always the number of results its link shows.
      if (p.priceMinor >= b.min * 100 && (b.max === null || p.priceMinor <= b.max * 100)) buckets |= 1 << i;
    });
    return {
      n,
      summary: {
        id: p.id,
        slug: p.slug,
        name: p.name,
        category: p.category,
        priceMinor: p.priceMinor,
        compareAtMinor: p.compareAtMinor,
        colours: p.colours.map((c) => this.colour(c)),
        image: image ? { url: this.url(image.url), alt: image.alt, width: image.width, height: image.height } : null,
        colourImages: this.colourImagesOf(p),
        soldOut: inStock.length === 0,
        rating: p.rating && p.rating.count > 0 ? { average: ratingAverage(p.rating)!, count: p.rating.count } : null,
      },
      featured: p.featured,
      createdAt: Date.parse(p.createdAt) || 0,
      category: CATEGORY_IDS.indexOf(p.category),
      sizes: [...new Set(inStock.map((v) => this.sizeDict.id(v.size)))],
      // In the product's own colour order.
      colours: p.colours.filter((c) => inStock.some((v) => v.colour === c.name)).map((c) => this.colourDict.id(c.name)),
      pairs: [...new Set(inStock.map((v) => pairId(this.sizeDict.id(v.size), this.colourDict.id(v.colour))))],
      buckets,
    };
  }

  /** Apply written and deleted products, in feed order, and remember where the feed stands. Only active products are listed. */
  applyChanges(changes: CatalogueChange[], cursor: ChangeCursor | null): void {
    for (const change of changes) {
      const id = change.kind === "product" ? change.product.id : change.id;
      const old = this.docs.get(id);
      if (old) {
        this.docs.delete(id);
        this.search.remove(old.n);
        this.byNumber[old.n] = undefined;
      }
      if (change.kind === "product" && change.product.status === "active") {
        const n = this.search.nextDoc;
        const doc = this.toDoc(change.product, n);
        this.docs.set(id, doc);
        this.byNumber[n] = doc;
        this.search.add(n, toSearchFields(change.product));
      }
    }
    this.cursor = cursor;
    if (changes.length > 0) {
      this.sorted.clear();
      this.searchCache.clear();
      this.resultCache.clear();
      this.categoryTotals = null;
    }
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
  private scores(text: string): { scores: Map<Doc, number>; relaxed: boolean } {
    const cached = this.searchCache.get(text);
    if (cached) return cached;
    const terms = text.split(/\s+/).filter(Boolean).slice(0, MAX_QUERY_TERMS).join(" ");
    const run = (combineWith: "AND" | "OR") => {
      const found = new Map<Doc, number>();
      for (const [n, score] of this.search.search(terms, combineWith)) {
        const doc = this.byNumber[n];
        if (doc) found.set(doc, score);
      }
      return found;
    };
    let result = { scores: run("AND"), relaxed: false };
    if (result.scores.size === 0) {
      const any = run("OR");
      result = { scores: any, relaxed: any.size > 0 };
    }
    if (this.searchCache.size >= SEARCH_CACHE_SIZE) this.searchCache.delete(this.searchCache.keys().next().value!);
    this.searchCache.set(text, result);
    return result;
  }

  /** Products of one category (or all, for -1) in a sort order; kept until the catalogue changes. */
  private candidates(order: SortOrder, category: number): Doc[] {
    if (category === -1) return this.sortedBy(order);
    const key = `${order}:${category}`;
    let list = this.sorted.get(key);
    if (!list) {
      list = this.sortedBy(order).filter((d) => d.category === category);
      this.sorted.set(key, list);
    }
    return list;
  }

  query(q: ProductQuery): ListingResult {
    // Everything but the page decides the result; the page only slices it.
    const key = JSON.stringify([q.search, q.category, q.sizes, q.colours, q.minPrice, q.maxPrice, q.sort]);
    let result = this.resultCache.get(key);
    if (result) {
      this.resultCache.delete(key); // most recently used goes last
    } else {
      result = this.compute(q);
      if (this.resultCache.size >= RESULT_CACHE_SIZE) this.resultCache.delete(this.resultCache.keys().next().value!);
    }
    this.resultCache.set(key, result);
    const total = result.matches.length;
    const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
    // A page past the end shows the last page rather than an empty one.
    const page = Math.min(q.page, pageCount);
    const start = (page - 1) * PAGE_SIZE;
    const colours = q.colours.map((c) => this.colourDict.find(c));
    return {
      items: result.matches.slice(start, start + PAGE_SIZE).map((d) => this.card(d, colours)),
      total,
      page,
      pageCount,
      facets: result.facets,
      relaxedSearch: result.relaxed,
    };
  }

  /**
   * A product as a listing shows it, without the per-colour pictures. Filtered by colour, it shows
   * the first colour of the filter it has on sale: that colour's picture, and a link to it.
   */
  private card(doc: Doc, colourIds: number[]): ProductSummary {
    const { colourImages, ...card } = doc.summary;
    const id = colourIds.find((c) => doc.colours.includes(c));
    if (id === undefined) return card;
    const colour = this.colourDict.names[id];
    const tagged = colourImages?.find((i) => i.colour === colour);
    return {
      ...card,
      colour,
      image: tagged ? { url: tagged.url, alt: tagged.alt, width: tagged.width, height: tagged.height } : card.image,
    };
  }

  private compute(q: ProductQuery): CachedResult {
    const search = q.search ? this.scores(q.search) : null;
    const scores = search?.scores;
    const order: SortOrder = q.sort === "relevance" ? "featured" : q.sort;
    const minMinor = q.minPrice === null ? -1 : q.minPrice * 100;
    const maxMinor = q.maxPrice === null ? Infinity : q.maxPrice * 100;
    const category = q.category === null ? -1 : CATEGORY_IDS.indexOf(q.category);
    // Unknown values get id -1 and match nothing, as they should.
    const sizes = q.sizes.map((s) => this.sizeDict.find(s));
    const colours = q.colours.map((c) => this.colourDict.find(c));
    const anySize = sizes.length === 0;
    const anyColour = colours.length === 0;
    const hasPair = (doc: Doc, size: number) => colours.some((c) => doc.pairs.includes(pairId(size, c)));

    // Category links lead to a category with the search kept and the other filters cleared,
    // so their counts are the search's (or the catalogue's) products per category.
    const scored: Doc[] = scores ? [...scores.keys()] : [];
    const categoryCounts = new Int32Array(CATEGORY_IDS.length);
    if (scores) for (const doc of scored) categoryCounts[doc.category] += 1;
    else
      for (const [name, count] of this.categoryCounts())
        categoryCounts[CATEGORY_IDS.indexOf(name as CategoryId)] = count;

    // Only the products that can match are scanned: the search's hits, or one category.
    let candidates: Doc[];
    if (scores) {
      candidates = scored.filter((d) => category === -1 || d.category === category);
      if (q.sort === "relevance") candidates.sort((a, b) => (scores.get(b) ?? 0) - (scores.get(a) ?? 0));
      else candidates.sort(sorters[order]);
    } else {
      candidates = this.candidates(order, category);
    }

    const sizeCounts = new Int32Array(this.sizeDict.names.length);
    const colourCounts = new Int32Array(this.colourDict.names.length);
    const priceCounts = new Int32Array(PRICE_BUCKETS.length);
    const matches: Doc[] = [];

    // One pass computes the results and the facets. Each facet counts the products that pass
    // all the *other* filters, so choosing "M" still shows how many there are in "L".
    for (const doc of candidates) {
      const price = doc.summary.priceMinor;
      const inPrice = price >= minMinor && price <= maxMinor;
      const inSize = anySize || sizes.some((s) => doc.sizes.includes(s));
      const inColour = anyColour || colours.some((c) => doc.colours.includes(c));
      // Size and colour together must be one variant that is in stock.
      const inVariant = anySize || anyColour || sizes.some((s) => hasPair(doc, s));
      const passesSizeColour = inSize && inColour && inVariant;
      if (inPrice && inColour) {
        for (const s of doc.sizes) if (anyColour || hasPair(doc, s)) sizeCounts[s] += 1;
      }
      if (inPrice && inSize) {
        for (const c of doc.colours)
          if (anySize || sizes.some((s) => doc.pairs.includes(pairId(s, c)))) colourCounts[c] += 1;
      }
      if (passesSizeColour) {
        for (let i = 0; i < priceCounts.length; i++) if (doc.buckets & (1 << i)) priceCounts[i] += 1;
        if (inPrice) matches.push(doc);
      }
    }

    const counted = (counts: Int32Array, names: readonly string[]) =>
      names.map((value, i) => ({ value, count: counts[i] })).filter((f) => f.count > 0);
    return {
      matches,
      relaxed: search?.relaxed ?? false,
      facets: {
        categories: counted(categoryCounts, CATEGORY_IDS),
        sizes: counted(sizeCounts, this.sizeDict.names).sort((a, b) => compareSizes(a.value, b.value)),
        colours: counted(colourCounts, this.colourDict.names)
          .map((f) => ({ ...f, hex: this.colourHex.get(f.value) ?? "#888888" }))
          .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
        prices: PRICE_BUCKETS.map((b, i) => ({ ...b, count: priceCounts[i] })),
      },
    };
  }

  /** Sort the catalogue in every order up front, so no shopper's request pays for it. */
  warm(): void {
    for (const order of Object.keys(sorters) as SortOrder[]) this.sortedBy(order);
    this.categoryCounts();
  }

  /** The first `limit` products in an order that pass `filter` (home page, related products). */
  list(order: SortOrder, filter: (s: ProductSummary) => boolean, limit: number): ProductSummary[] {
    const out: ProductSummary[] = [];
    for (const doc of this.sortedBy(order)) {
      if (out.length >= limit) break;
      if (filter(doc.summary)) out.push(this.card(doc, []));
    }
    return out;
  }

  /** Listed products per category, kept until the catalogue changes. */
  categoryCounts(): Map<string, number> {
    if (!this.categoryTotals) {
      this.categoryTotals = new Map();
      for (const d of this.docs.values())
        this.categoryTotals.set(d.summary.category, (this.categoryTotals.get(d.summary.category) ?? 0) + 1);
    }
    return this.categoryTotals;
  }

  /** What a snapshot holds: the index as it stands, live documents renumbered in order. */
  export(): CatalogIndexData {
    const renumber = new Int32Array(this.search.nextDoc).fill(-1);
    const palette = [...this.colourObjects.values()];
    const paletteIndex = new Map(palette.map((c, i) => [c, i]));
    const rows: DocRow[] = [];
    this.byNumber.forEach((doc, old) => {
      if (!doc) return;
      renumber[old] = rows.length;
      const s = doc.summary;
      rows.push([
        s.id,
        s.slug,
        s.name,
        s.category,
        s.priceMinor,
        s.compareAtMinor,
        s.colours.map((c) => paletteIndex.get(c)!),
        s.image ? [s.image.url, s.image.alt, s.image.width, s.image.height] : null,
        s.soldOut ? 1 : 0,
        doc.featured ? 1 : 0,
        doc.createdAt,
        doc.sizes,
        doc.colours,
        doc.pairs,
        doc.buckets,
        s.colourImages
          ? s.colourImages.map((i) => [this.colourDict.find(i.colour!), i.url, i.alt, i.width, i.height])
          : 0,
        s.rating ? [s.rating.average, s.rating.count] : null,
      ]);
    });
    return {
      cursor: this.cursor,
      sizes: this.sizeDict.names,
      colours: this.colourDict.names,
      colourHex: [...this.colourHex],
      palette: palette.map((c) => [c.name, c.hex]),
      rows,
      text: this.search.export(renumber, rows.length),
    };
  }

  /** An index as a snapshot left it; apply the changes since its cursor to bring it up to date. */
  static import(data: CatalogIndexData): CatalogIndex {
    const index = new CatalogIndex();
    for (const name of data.sizes) index.sizeDict.id(name);
    for (const name of data.colours) index.colourDict.id(name);
    index.colourHex = new Map(data.colourHex);
    const palette = data.palette.map(([name, hex]) => index.colour({ name, hex }));
    data.rows.forEach(
      (
        [
          id,
          slug,
          name,
          category,
          priceMinor,
          compareAtMinor,
          colours,
          image,
          soldOut,
          featured,
          createdAt,
          sizes,
          inStockColours,
          pairs,
          buckets,
          colourImages,
          rating,
        ],
        n,
      ) => {
        const doc: Doc = {
          n,
          summary: {
            id,
            slug,
            name,
            category,
            priceMinor,
            compareAtMinor,
            colours: colours.map((i) => palette[i]),
            image: image ? { url: index.url(image[0]), alt: image[1], width: image[2], height: image[3] } : null,
            colourImages: colourImages
              ? colourImages.map(([colour, url, alt, width, height]) => ({
                  url: index.url(url),
                  alt,
                  width,
                  height,
                  colour: data.colours[colour],
                }))
              : undefined,
            soldOut: soldOut === 1,
            rating: rating ? { average: rating[0], count: rating[1] } : null,
          },
          featured: featured === 1,
          createdAt,
          category: CATEGORY_IDS.indexOf(category),
          sizes,
          colours: inStockColours,
          pairs,
          buckets,
        };
        index.docs.set(id, doc);
        index.byNumber[n] = doc;
      },
    );
    index.search = TextIndex.import(data.text);
    index.cursor = data.cursor;
    return index;
  }

  /** Every listed product (sitemap). */
  allSummaries(): ProductSummary[] {
    return Array.from(this.docs.values(), (d) => d.summary);
  }
}
