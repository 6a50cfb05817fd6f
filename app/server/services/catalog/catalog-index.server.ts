import { CATEGORIES, getCategory, type CategoryId } from "~/lib/categories";
import { PAGE_SIZE, type ProductQuery } from "~/lib/product-query";
import { compareSizes } from "~/lib/sizes";
import type { Colour, Product, ProductImage } from "~/domain/product";
import { ratingAverage } from "~/domain/review";
import type { CatalogueChange, ChangeCursor } from "~/server/store/port";
import { MAX_QUERY_TERMS } from "./search-terms.server";
import { TextIndex, type SearchFields, type TextIndexData } from "./text-index.server";
import { canSell } from "~/domain/sellable";
import { taggedImage } from "~/lib/colour-images";
import { CardStore, type CardInput, type CardStoreData } from "./card-store.server";
import { priceBandsIn, wholeToMinor, type PriceBand } from "~/domain/price-bands";
import { hasOwnPrices, listedPriceIn, type MarketPrices } from "~/domain/market-own-price";
import { listedPricesOf } from "~/domain/gift-card-product";
import { convertFromBase, type Market } from "~/domain/market";

// An in-process index of the sellable catalogue: full-text search (typo-tolerant, prefix-aware,
// ranked as MiniSearch ranks) plus filters, facets, sorting and pagination. It is fed from the
// store port, so every backend answers listing queries the same way, and it stays fast at 100,000
// products because nothing on the listing path touches the database. It keeps only what listings
// need (a card per product, facet values, ordering keys, postings), and can be written out as a
// snapshot and loaded from one (decision 0009). Products are rows: their number in the text index
// and in the packed cards (CardStore, decision 0019), decoded to objects only for a page.

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
  /** Its own prices in markets, when it has any: `pricedIn` reads them and leaves them out of the page. */
  marketPrices?: MarketPrices;
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

export interface CatalogIndexData {
  /** The change-feed position the index is valid at. */
  cursor: ChangeCursor | null;
  sizes: string[];
  colours: string[];
  colourHex: Array<[string, string]>;
  cards: CardStoreData;
  text: TextIndexData;
  /** The listed products' own prices in markets, by product id (only those that have any). */
  ownPrices: Array<[string, MarketPrices]>;
}

export interface FacetValue {
  value: string;
  count: number;
}

export interface PriceBucket {
  /** Whole units of the shopper's currency; max null = open-ended. */
  min: number;
  max: number | null;
  count: number;
}

/**
 * A listing's price filter and bands in base prices (what the index holds), the bands labelled in
 * the shopper's currency: `ListingPrices` of the base market are `basePrices(query)`.
 */
export interface ListingPrices {
  /** Base minor units, inclusive (max Infinity: unbounded). */
  min: number;
  max: number;
  bands: Array<PriceBand & { base: { min: number; max: number } }>;
  /**
   * The shopper's market when it is not priced at base: a product with its own price there is
   * filtered, banded and sorted by that price (its minor units) instead of its base price.
   */
  market?: {
    id: string;
    pricing: Pick<Market, "currency" | "rateMicros" | "rounding">;
    /** The bounds in the market's minor units, inclusive (max Infinity: unbounded). */
    min: number;
    max: number;
    /** Each band in the market's minor units, inclusive (max Infinity: open-ended). */
    bands: Array<{ min: number; max: number }>;
  };
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

/** The bands in base prices: each product's are worked out once, as it is indexed. */
export const PRICE_BUCKETS: readonly PriceBand[] = priceBandsIn("EUR");

/** A query's price filter and bands when prices are the base ones. */
export function basePrices(q: Pick<ProductQuery, "minPrice" | "maxPrice">): ListingPrices {
  return {
    min: q.minPrice === null ? 0 : wholeToMinor(q.minPrice, "EUR"),
    max: q.maxPrice === null ? Infinity : wholeToMinor(q.maxPrice, "EUR"),
    bands: PRICE_BUCKETS.map((b) => ({
      ...b,
      base: { min: wholeToMinor(b.min, "EUR"), max: b.max === null ? Infinity : wholeToMinor(b.max, "EUR") },
    })),
  };
}

const BASE_BAND_KEY = JSON.stringify(basePrices({ minPrice: null, maxPrice: null }).bands);

/** What a list() filter sees of a product. */
export type ListedProduct = Pick<ProductSummary, "id" | "category" | "soldOut">;

type SortOrder = "featured" | "newest" | "price-asc" | "price-desc" | "rating";

/**
 * Comparators over rows of the packed cards, ties broken by product id so every order is total.
 * `price`: each row's price in the shopper's market when some products have their own there.
 */
function sorter(
  cards: CardStore,
  order: SortOrder,
  price: ArrayLike<number> = cards.price,
): (a: number, b: number) => number {
  const { ids, createdAt } = cards;
  const byId = (a: number, b: number) => ids[a]!.localeCompare(ids[b]!);
  const featured = (a: number, b: number) =>
    Number(cards.isFeatured(b)) - Number(cards.isFeatured(a)) || createdAt[b] - createdAt[a] || byId(a, b);
  switch (order) {
    case "featured":
      return featured;
    case "newest":
      return (a, b) => createdAt[b] - createdAt[a] || byId(a, b);
    case "price-asc":
      return (a, b) => price[a] - price[b] || createdAt[b] - createdAt[a] || byId(a, b);
    case "price-desc":
      return (a, b) => price[b] - price[a] || createdAt[b] - createdAt[a] || byId(a, b);
    case "rating":
      // Best average first, more reviews breaking a tie; products without reviews after all rated ones.
      return (a, b) =>
        cards.ratingOf(b) - cards.ratingOf(a) || cards.ratingCount[b] - cards.ratingCount[a] || featured(a, b);
  }
}
const SORT_ORDERS: SortOrder[] = ["featured", "newest", "price-asc", "price-desc", "rating"];

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
  /** Rows of the matching products, in the listing's order. */
  matches: number[];
  facets: ListingResult["facets"];
  relaxed: boolean;
}
const CATEGORY_IDS = CATEGORIES.map((c) => c.id);

export class CatalogIndex {
  /** Where this index stands in the store's change feed. */
  cursor: ChangeCursor | null = null;
  /** A product's row: its number in the text index and in the packed cards. */
  private rows = new Map<string, number>();
  private cards = new CardStore();
  /** Rows in each sort order (and per category: "order:category"), kept until the catalogue changes. */
  private sorted = new Map<string, Int32Array>();
  private resultCache = new Map<string, CachedResult>();
  private sizeDict = new Dictionary();
  private colourDict = new Dictionary();
  private colourHex = new Map<string, string>();
  private categoryTotals: Map<string, number> | null = null;
  /** Recent searches (text -> scores by row); cleared whenever the catalogue changes. */
  private searchCache = new Map<string, { scores: Map<number, number>; relaxed: boolean }>();
  private search = new TextIndex();
  /** The listed products' own prices in markets, by product id: only those that have any. */
  private ownPrices = new Map<string, MarketPrices>();
  /** Per market id: the rows with an own price there and that price; kept until the catalogue changes. */
  private ownByMarket = new Map<string, Map<number, number>>();
  /** Per market (id and pricing): every row's price there, for sorting; kept until the catalogue changes. */
  private marketPriceCache = new Map<string, Float64Array>();

  get size(): number {
    return this.rows.size;
  }

  /** Each colour's first tagged image, leaving out the card's own image (kept compact: most cards need none). */
  private colourImagesOf(p: Product): CardInput["colourImages"] {
    const out: CardInput["colourImages"] = [];
    for (const c of p.colours) {
      const tagged = taggedImage(p.images, c.name);
      if (tagged && tagged !== p.images[0])
        out.push({
          colour: this.colourDict.id(c.name),
          url: tagged.url,
          alt: tagged.alt,
          width: tagged.width,
          height: tagged.height,
        });
    }
    return out;
  }

  private toCard(p: Product): CardInput {
    const inStock = p.variants.filter(canSell);
    for (const c of p.colours) this.colourHex.set(c.name, c.hex);
    const image = p.images[0];
    let buckets = 0;
    PRICE_BUCKETS.forEach((b, i) => {
      // Inclusive at both ends, exactly like the min/max filter a bucket link applies,
      // so a bucket's count is always the number of results its link shows.
      if (p.priceMinor >= wholeToMinor(b.min, "EUR") && (b.max === null || p.priceMinor <= wholeToMinor(b.max, "EUR")))
        buckets |= 1 << i;
    });
    return {
      id: p.id,
      slug: p.slug,
      name: p.name,
      category: this.cards.categoryId(p.category),
      priceMinor: p.priceMinor,
      compareAtMinor: p.compareAtMinor,
      palette: p.colours.map((c) => this.cards.paletteId(c)),
      image: image ? { url: image.url, alt: image.alt, width: image.width, height: image.height } : null,
      colourImages: this.colourImagesOf(p),
      soldOut: inStock.length === 0,
      featured: p.featured,
      createdAt: Date.parse(p.createdAt) || 0,
      rating: p.rating && p.rating.count > 0 ? { average: ratingAverage(p.rating)!, count: p.rating.count } : null,
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
      const old = this.rows.get(id);
      if (old !== undefined) {
        this.rows.delete(id);
        this.search.remove(old);
        this.cards.remove(old);
        this.ownPrices.delete(id);
      }
      if (change.kind === "product" && change.product.status === "active") {
        const row = this.search.nextDoc;
        this.cards.add(row, this.toCard(change.product));
        this.rows.set(id, row);
        this.search.add(row, toSearchFields(change.product));
        // Own prices by market, and a gift card's smallest amount per currency (what its card says it is "from").
        const listed = listedPricesOf(change.product);
        if (hasOwnPrices(listed)) this.ownPrices.set(id, listed);
      }
    }
    this.cursor = cursor;
    if (changes.length > 0) {
      this.sorted.clear();
      this.searchCache.clear();
      this.resultCache.clear();
      this.ownByMarket.clear();
      this.marketPriceCache.clear();
      this.categoryTotals = null;
    }
  }

  /** The card with the product's own prices in markets, when it has any. */
  private withOwnPrices(card: ProductSummary): ProductSummary {
    const own = this.ownPrices.get(card.id);
    return own ? { ...card, marketPrices: own } : card;
  }

  /** Rows with an own price in the market (or a gift card amount in its currency), and that price; empty when none has. */
  private ownPricesIn(market: NonNullable<ListingPrices["market"]>): Map<number, number> {
    const key = `${market.id}:${market.pricing.currency}`;
    let found = this.ownByMarket.get(key);
    if (!found) {
      found = new Map();
      for (const [id, prices] of this.ownPrices) {
        const own = listedPriceIn(prices, { id: market.id, currency: market.pricing.currency });
        const row = this.rows.get(id);
        if (own !== null && row !== undefined) found.set(row, own);
      }
      this.ownByMarket.set(key, found);
    }
    return found;
  }

  /**
   * Every listed row's price in the market (its own price there, else its base price converted),
   * for sorting by price there; kept until the catalogue changes.
   */
  private marketPriceRows(market: NonNullable<ListingPrices["market"]>, own: Map<number, number>): Float64Array {
    const key = `prices:${market.id}:${market.pricing.currency}:${market.pricing.rateMicros}:${market.pricing.rounding}`;
    const kept = this.marketPriceCache.get(key);
    if (kept) return kept;
    const prices = new Float64Array(this.cards.price.length);
    for (const row of this.rows.values())
      prices[row] = own.get(row) ?? convertFromBase(this.cards.price[row], market.pricing);
    this.marketPriceCache.set(key, prices);
    return prices;
  }

  /** A listed product's card, with its per-colour pictures. */
  get(id: string): ProductSummary | undefined {
    const row = this.rows.get(id);
    return row === undefined
      ? undefined
      : this.withOwnPrices(this.cards.decode(row, this.colourDict.names) as ProductSummary);
  }

  private sortedBy(order: SortOrder): Int32Array {
    let list = this.sorted.get(order);
    if (!list) {
      list = Int32Array.from(this.rows.values()).sort(sorter(this.cards, order));
      this.sorted.set(order, list);
    }
    return list;
  }

  /** Scores by row for a search; tries every word first, then any word. */
  private scores(text: string): { scores: Map<number, number>; relaxed: boolean } {
    const cached = this.searchCache.get(text);
    if (cached) return cached;
    const terms = text.split(/\s+/).filter(Boolean).slice(0, MAX_QUERY_TERMS).join(" ");
    const run = (combineWith: "AND" | "OR") => {
      const found = new Map<number, number>();
      for (const [row, score] of this.search.search(terms, combineWith)) {
        if (this.cards.isLive(row)) found.set(row, score);
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

  /**
   * Products of one category (or all) by price in a market where some have their own price: the
   * base order re-sorted by each row's price there; kept until the catalogue changes.
   */
  private candidatesIn(
    order: SortOrder,
    category: number,
    market: NonNullable<ListingPrices["market"]>,
    prices: Float64Array,
  ): Int32Array {
    const key = `${order}:${category}:${market.id}:${market.pricing.currency}:${market.pricing.rateMicros}:${market.pricing.rounding}`;
    let list = this.sorted.get(key);
    if (!list) {
      list = Int32Array.from(this.candidates(order, category)).sort(sorter(this.cards, order, prices));
      this.sorted.set(key, list);
    }
    return list;
  }

  /** Products of one category (or all, for -1) in a sort order; kept until the catalogue changes. */
  private candidates(order: SortOrder, category: number): Int32Array {
    if (category === -1) return this.sortedBy(order);
    const key = `${order}:${category}`;
    let list = this.sorted.get(key);
    if (!list) {
      list = this.sortedBy(order).filter((row) => this.cards.category[row] === category);
      this.sorted.set(key, list);
    }
    return list;
  }

  query(q: ProductQuery, prices: ListingPrices = basePrices(q)): ListingResult {
    // Everything but the page decides the result; the page only slices it.
    const key = JSON.stringify([q.search, q.category, q.sizes, q.colours, prices, q.sort]);
    let result = this.resultCache.get(key);
    if (result) {
      this.resultCache.delete(key); // most recently used goes last
    } else {
      result = this.compute(q, prices);
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
      items: result.matches.slice(start, start + PAGE_SIZE).map((row) => this.card(row, colours)),
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
  private card(row: number, colourIds: number[]): ProductSummary {
    const { colourImages, ...card } = this.cards.decode(row, this.colourDict.names) as ProductSummary;
    const coloursAt = this.cards.coloursAt(row);
    const id = colourIds.find((c) => this.cards.has(coloursAt, c));
    if (id === undefined) return this.withOwnPrices(card);
    const colour = this.colourDict.names[id];
    const tagged = colourImages?.find((i) => i.colour === colour);
    return {
      ...this.withOwnPrices(card),
      colour,
      image: tagged ? { url: tagged.url, alt: tagged.alt, width: tagged.width, height: tagged.height } : card.image,
    };
  }

  private compute(q: ProductQuery, prices: ListingPrices): CachedResult {
    const search = q.search ? this.scores(q.search) : null;
    const scores = search?.scores;
    const order: SortOrder = q.sort === "relevance" ? "featured" : q.sort;
    const { min: minMinor, max: maxMinor, bands } = prices;
    // Products with their own price in the shopper's market are filtered, banded and sorted by it;
    // in a market where none has one (every euro listing) nothing below changes.
    const market = prices.market;
    const own = market ? this.ownPricesIn(market) : null;
    const owned = own !== null && own.size > 0 ? own : null;
    const byPrice = order === "price-asc" || order === "price-desc";
    const marketPrices = owned && byPrice ? this.marketPriceRows(market!, owned) : undefined;
    // The base bands were worked out per product as it was indexed; another currency's are compared here.
    const precomputed = JSON.stringify(bands) === BASE_BAND_KEY;
    const category = q.category === null ? -1 : CATEGORY_IDS.indexOf(q.category);
    // Unknown values get id -1 and match nothing, as they should.
    const sizes = q.sizes.map((s) => this.sizeDict.find(s));
    const colours = q.colours.map((c) => this.colourDict.find(c));
    const anySize = sizes.length === 0;
    const anyColour = colours.length === 0;
    const cards = this.cards;
    const { lists } = cards;

    // Category links lead to a category with the search kept and the other filters cleared,
    // so their counts are the search's (or the catalogue's) products per category.
    const scored: number[] = scores ? [...scores.keys()] : [];
    const categoryCounts = new Int32Array(CATEGORY_IDS.length);
    if (scores) for (const row of scored) categoryCounts[cards.category[row]] += 1;
    else
      for (const [name, count] of this.categoryCounts())
        categoryCounts[CATEGORY_IDS.indexOf(name as CategoryId)] = count;

    // Only the products that can match are scanned: the search's hits, or one category.
    let candidates: ArrayLike<number>;
    if (scores) {
      const hits = scored.filter((row) => category === -1 || cards.category[row] === category);
      if (q.sort === "relevance") hits.sort((a, b) => (scores.get(b) ?? 0) - (scores.get(a) ?? 0));
      else hits.sort(sorter(cards, order, marketPrices));
      candidates = hits;
    } else {
      candidates = marketPrices
        ? this.candidatesIn(order, category, market!, marketPrices)
        : this.candidates(order, category);
    }

    const sizeCounts = new Int32Array(this.sizeDict.names.length);
    const colourCounts = new Int32Array(this.colourDict.names.length);
    const priceCounts = new Int32Array(bands.length);
    const matches: number[] = [];

    // One pass computes the results and the facets. Each facet counts the products that pass
    // all the *other* filters, so choosing "M" still shows how many there are in "L".
    for (let i = 0; i < candidates.length; i++) {
      const row = candidates[i];
      const sizesAt = cards.sizesAt(row);
      const coloursAt = sizesAt + 1 + lists[sizesAt];
      const pairsAt = coloursAt + 1 + lists[coloursAt];
      const hasPair = (size: number) => colours.some((c) => cards.has(pairsAt, pairId(size, c)));
      const price = cards.price[row];
      const ownPrice = owned?.get(row);
      const inPrice =
        ownPrice === undefined
          ? price >= minMinor && price <= maxMinor
          : ownPrice >= market!.min && ownPrice <= market!.max;
      const inSize = anySize || sizes.some((s) => cards.has(sizesAt, s));
      const inColour = anyColour || colours.some((c) => cards.has(coloursAt, c));
      // Size and colour together must be one variant that is in stock.
      const inVariant = anySize || anyColour || sizes.some(hasPair);
      const passesSizeColour = inSize && inColour && inVariant;
      if (inPrice && inColour) {
        for (let at = sizesAt + 1; at < coloursAt; at++)
          if (anyColour || hasPair(lists[at])) sizeCounts[lists[at]] += 1;
      }
      if (inPrice && inSize) {
        for (let at = coloursAt + 1; at < pairsAt; at++) {
          const c = lists[at];
          if (anySize || sizes.some((s) => cards.has(pairsAt, pairId(s, c)))) colourCounts[c] += 1;
        }
      }
      if (passesSizeColour) {
        if (ownPrice !== undefined) {
          const marketBands = market!.bands;
          for (let b = 0; b < priceCounts.length; b++)
            if (ownPrice >= marketBands[b].min && ownPrice <= marketBands[b].max) priceCounts[b] += 1;
        } else if (precomputed) {
          const buckets = cards.buckets[row];
          for (let b = 0; b < priceCounts.length; b++) if (buckets & (1 << b)) priceCounts[b] += 1;
        } else {
          for (let b = 0; b < priceCounts.length; b++)
            if (price >= bands[b].base.min && price <= bands[b].base.max) priceCounts[b] += 1;
        }
        if (inPrice) matches.push(row);
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
        prices: bands.map((b, i) => ({ min: b.min, max: b.max, count: priceCounts[i] })),
      },
    };
  }

  /** Sort the catalogue in every order up front, so no shopper's request pays for it. */
  warm(): void {
    for (const order of SORT_ORDERS) this.sortedBy(order);
    this.categoryCounts();
  }

  /** The first `limit` products in an order that pass `filter` (home page, related products). */
  list(order: SortOrder, filter: (s: ListedProduct) => boolean, limit: number): ProductSummary[] {
    const out: ProductSummary[] = [];
    const cards = this.cards;
    for (const row of this.sortedBy(order)) {
      if (out.length >= limit) break;
      const listed = {
        id: cards.ids[row]!,
        category: cards.categoryNames[cards.category[row]] as CategoryId,
        soldOut: cards.isSoldOut(row),
      };
      if (filter(listed)) out.push(this.card(row, []));
    }
    return out;
  }

  /** Listed products per category, kept until the catalogue changes. */
  categoryCounts(): Map<string, number> {
    if (!this.categoryTotals) {
      this.categoryTotals = new Map();
      for (const row of this.rows.values()) {
        const name = this.cards.categoryNames[this.cards.category[row]];
        this.categoryTotals.set(name, (this.categoryTotals.get(name) ?? 0) + 1);
      }
    }
    return this.categoryTotals;
  }

  /** What a snapshot holds: the index as it stands, live products renumbered in order. */
  export(): CatalogIndexData {
    const { data, renumber } = this.cards.export();
    return {
      cursor: this.cursor,
      sizes: this.sizeDict.names,
      colours: this.colourDict.names,
      colourHex: [...this.colourHex],
      cards: data,
      text: this.search.export(renumber, data.rows),
      ownPrices: [...this.ownPrices],
    };
  }

  /** An index as a snapshot left it; apply the changes since its cursor to bring it up to date. */
  static import(data: CatalogIndexData): CatalogIndex {
    const index = new CatalogIndex();
    for (const name of data.sizes) index.sizeDict.id(name);
    for (const name of data.colours) index.colourDict.id(name);
    index.colourHex = new Map(data.colourHex);
    index.cards = CardStore.import(data.cards);
    index.cards.ids.forEach((id, row) => index.rows.set(id!, row));
    index.search = TextIndex.import(data.text);
    index.ownPrices = new Map(data.ownPrices);
    index.cursor = data.cursor;
    return index;
  }

  /** The ids of every listed product (sitemap). */
  allIds(): string[] {
    return [...this.rows.keys()];
  }
}
