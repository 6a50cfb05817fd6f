import { CATEGORIES, type CategoryId } from "~/lib/categories";
import type { ProductQuery } from "~/lib/product-query";
import { randomUUID } from "node:crypto";
import type { IndexSnapshotStore } from "~/server/index-snapshots/port";
import type { LeaseStore } from "~/server/leases/port";
import type { Store } from "~/server/store/port";
import type { Product } from "~/domain/product";
import { CatalogIndex, type ListingPrices, type ListingResult, type ProductSummary } from "./catalog-index.server";
import { pricesAreBase, type Market } from "~/domain/market";
import { baseRangeFor, priceBandsIn, wholeToMinor } from "~/domain/price-bands";
import { ListingCache } from "./listing-cache.server";
import { decodeSnapshot, encodeSnapshot } from "./snapshot-codec.server";

export type { ListingResult, ProductSummary } from "./catalog-index.server";

const SYNC_BATCH = 5000;

export interface CatalogDeps {
  /** The products the index is built from and follows. */
  store: Store;
  /**
   * How long the index may trust itself before asking the store what changed. 0 (embedded):
   * ask on every read, which is one indexed query. A networked store sets a few seconds.
   */
  syncIntervalMs?: number;
  /**
   * Where instances share the index (Firebase): a starting instance loads the latest snapshot and
   * catches up from the change feed; only the lease holder builds from the whole catalogue, and
   * it writes a fresh snapshot every `snapshotEveryMs` while the catalogue changes. Without it
   * (embedded), the index is built from the store at start.
   */
  snapshots?: SharedIndex | null;
  snapshotEveryMs?: number;
  leaseMs?: number;
  /** How often a starting instance looks for the snapshot another one is building. */
  snapshotPollMs?: number;
  log?: (message: string) => void;
}

const SNAPSHOT_EVERY_MS = 5 * 60_000;
const SNAPSHOT_POLL_MS = 1000;
const LEASE_MS = 60_000;
/** The lease whose holder builds and refreshes the shared snapshot (leases/catalogue-index on Firebase). */
const LEASE_NAME = "catalogue-index";

/** Where the instances' shared index is kept, and the lease that says which one of them writes it. */
export interface SharedIndex {
  files: IndexSnapshotStore;
  leases: LeaseStore;
}

export interface CategorySummary {
  id: CategoryId;
  name: string;
  description: string;
  icon: string;
  productCount: number;
}

export type CatalogService = ReturnType<typeof createCatalogService>;

/** The shopper's market; its id finds the products' own prices there (decision 0030). */
type ListingMarket = Pick<Market, "currency" | "rateMicros" | "rounding"> & { id?: string };

const marketKey = (m: ListingMarket) => `${m.currency}:${m.rateMicros}:${m.rounding}`;

// A market's bands in base prices: the same for every listing until the owner changes its rate.
const bandsByMarket = new Map<string, ListingPrices["bands"]>();

/** The query's price bounds (whole units of the market's currency) and the market's bands, in base prices. */
function pricesIn(query: ProductQuery, market: ListingMarket): ListingPrices {
  const key = marketKey(market);
  let bands = bandsByMarket.get(key);
  if (!bands) {
    bands = priceBandsIn(market.currency).map((b) => ({
      ...b,
      base: baseRangeFor(
        wholeToMinor(b.min, market.currency),
        b.max === null ? null : wholeToMinor(b.max, market.currency),
        market,
      ),
    }));
    if (bandsByMarket.size > 50) bandsByMarket.clear();
    bandsByMarket.set(key, bands);
  }
  const min = query.minPrice === null ? null : wholeToMinor(query.minPrice, market.currency);
  const max = query.maxPrice === null ? null : wholeToMinor(query.maxPrice, market.currency);
  const bounds = baseRangeFor(min, max, market);
  if (market.id === undefined) return { ...bounds, bands };
  // The same bounds and bands in the market's own minor units, for products with an own price there.
  return {
    ...bounds,
    bands,
    market: {
      id: market.id,
      pricing: { currency: market.currency, rateMicros: market.rateMicros, rounding: market.rounding },
      min: min ?? 0,
      max: max ?? Infinity,
      bands: bands.map((b) => ({
        min: wholeToMinor(b.min, market.currency),
        max: b.max === null ? Infinity : wholeToMinor(b.max, market.currency),
      })),
    },
  };
}

export function createCatalogService(deps: CatalogDeps) {
  const { store } = deps;
  let index = new CatalogIndex();
  const interval = deps.syncIntervalMs ?? 0;
  const shared = deps.snapshots ?? null;
  const snapshots = shared?.files ?? null;
  const snapshotEveryMs = deps.snapshotEveryMs ?? SNAPSHOT_EVERY_MS;
  const pollMs = deps.snapshotPollMs ?? SNAPSHOT_POLL_MS;
  /** A lease outlives two missed renewals, and lapses within a minute of its holder stopping. */
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  let lastWritten = 0;
  const log = deps.log ?? console.log;
  const instance = randomUUID();
  let lastSync = -Infinity;
  let syncing: Promise<void> | null = null;
  let starting: Promise<void> | null = null;
  let ready = false;
  /** The feed position of the last snapshot this instance wrote or loaded. */
  let snapshotCursor: string | null | undefined;
  let holdsLease = false;
  const takeLease = () => shared!.leases.take(LEASE_NAME, instance, leaseMs);
  const releaseLease = () => shared!.leases.release(LEASE_NAME, instance);
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  /**
   * Which state of the index listings were worked out from: raised whenever the index changes (a
   * change applied, a snapshot loaded), so a kept result is never older than the index.
   */
  let version = 0;
  const listings = new ListingCache<ListingResult>();

  /** Products read from the change feed since this process started (the start-up log says how many). */
  let feedReads = 0;

  async function pull(): Promise<void> {
    let changes = 0;
    for (;;) {
      const batch = await store.products.changes(index.cursor, SYNC_BATCH);
      index.applyChanges(batch.changes, batch.cursor);
      if (batch.changes.length > 0) version++;
      changes += batch.changes.length;
      feedReads += batch.changes.length;
      if (!batch.more) break;
    }
    if (changes > 0) index.warm();
    lastSync = Date.now();
  }

  /** The snapshot's index; null when there is none (or it cannot be used); "unreachable" when Storage did not answer. */
  async function loadSnapshot(): Promise<CatalogIndex | null | "unreachable"> {
    let bytes: Uint8Array | null;
    try {
      bytes = await snapshots!.read();
    } catch (error) {
      console.error("The catalogue index snapshot could not be fetched; building from the catalogue instead:", error);
      return "unreachable";
    }
    if (!bytes) return null;
    try {
      const data = await decodeSnapshot(bytes);
      if (!data) return null;
      const loaded = CatalogIndex.import(data);
      snapshotCursor = loaded.cursor;
      return loaded;
    } catch (error) {
      console.error("The catalogue index snapshot could not be read; building instead:", error);
      return null;
    }
  }

  async function writeSnapshot(): Promise<void> {
    if (snapshotCursor !== undefined && snapshotCursor === index.cursor) return;
    const cursor = index.cursor;
    const started = Date.now();
    const bytes = await encodeSnapshot(index.export());
    await snapshots!.write(bytes);
    snapshotCursor = cursor;
    lastWritten = Date.now();
    log(
      `Wrote the catalogue index snapshot (${index.size.toLocaleString("en")} products, ${(bytes.length / 1e6).toFixed(1)} MB) in ${Date.now() - started} ms.`,
    );
  }

  /**
   * Renew (or take over) the lease; while held, write a snapshot every `snapshotEveryMs` when the
   * catalogue has changed since the last one (`now`: whatever the interval).
   */
  async function refresh(now = false): Promise<void> {
    holdsLease = await takeLease();
    if (!holdsLease || (!now && Date.now() - lastWritten < snapshotEveryMs)) return;
    await sync();
    writing ??= writeSnapshot().finally(() => {
      writing = null;
    });
    await writing;
  }

  /**
   * Ready to serve listings: with snapshots, load the latest one and catch up; when there is none,
   * the lease holder builds from the catalogue (and writes one) while the others wait for it.
   */
  async function start(): Promise<void> {
    const began = Date.now();
    let how = "built from the catalogue";
    if (snapshots) {
      for (;;) {
        const loaded = await loadSnapshot();
        // Storage that does not answer must not keep listings down (nor wait on a lease holder that
        // may be stuck the same way): this instance builds from the catalogue itself, below.
        if (loaded === "unreachable") break;
        if (loaded) {
          how = "loaded from the snapshot";
          index = loaded;
          version++;
          lastSync = -Infinity;
          break;
        }
        if (await takeLease()) {
          holdsLease = true;
          // Renew while building: at 100,000 products a build takes minutes.
          const renew = setInterval(() => void takeLease().catch(() => undefined), leaseMs / 3);
          renew.unref?.();
          try {
            await pull();
          } catch (error) {
            // Let another instance build at once rather than when the lease lapses.
            holdsLease = false;
            await releaseLease().catch(() => undefined);
            throw error;
          } finally {
            clearInterval(renew);
          }
          ready = true;
          await writeSnapshot().catch((error) =>
            console.error("Writing the catalogue index snapshot failed; will try again:", error),
          );
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    }
    await pull();
    ready = true;
    log(
      `Catalogue index ready in ${Date.now() - began} ms (${how}): ${index.size.toLocaleString("en")} ` +
        `products listed, ${feedReads.toLocaleString("en")} read from the change feed.`,
    );
    if (snapshots) {
      timer = setInterval(
        () =>
          void refresh().catch((error) =>
            console.error("Refreshing the catalogue index snapshot failed; will try again:", error),
          ),
        leaseMs / 3,
      );
      timer.unref?.();
    }
  }

  /** Start once; a failed start (the database did not answer) is tried again by the next caller. */
  function started(): Promise<void> {
    starting ??= start().catch((error) => {
      starting = null;
      throw error;
    });
    return starting;
  }

  /** The store's change stamp at the start of the last pull (embedded store only). */
  let pulledAt: string | null = null;

  /** Bring the index up to date with the store; concurrent callers share one pull. */
  async function sync(): Promise<CatalogIndex> {
    if (!ready) await started();
    if (Date.now() - lastSync >= interval) {
      if (!syncing) {
        // With no interval (SQLite) every read would ask for changes: skip that while nothing was
        // committed since the last pull. Stamped before pulling, so a write during it is pulled next time.
        const stamp = store.changeStamp?.() ?? null;
        if (stamp !== null && stamp === pulledAt && lastSync !== -Infinity) return index;
        syncing = pull()
          .then(() => {
            pulledAt = stamp;
          })
          .finally(() => {
            syncing = null;
          });
      }
      await syncing;
    }
    return index;
  }

  return {
    sync,

    /** Prepare the index as the server starts (see start()), so no shopper's request pays for it. */
    start: started,

    /** True once listings can be served: /healthz answers "starting" until then. */
    isReady(): boolean {
      return ready;
    },

    /** Whether this instance holds the lease to build and refresh the shared snapshot (tests, logs). */
    holdsSnapshotLease(): boolean {
      return holdsLease;
    },

    /** Write a snapshot now if this instance holds the lease (tests; the timer does it in service). */
    refreshSnapshot: () => (snapshots ? refresh(true) : Promise.resolve()),

    /** Stop leasing (an instance shutting down), so another can take over at once. */
    async stop(): Promise<void> {
      clearInterval(timer);
      if (shared && holdsLease) await releaseLease();
      holdsLease = false;
    },

    /** Ask the store on the next read, whatever the interval (this process just changed the catalogue). */
    invalidate() {
      lastSync = -Infinity;
    },

    /**
     * A page of a listing or search. `market`: the shopper's, whose currency the price bounds are in
     * and the price bands are given in (the cards are priced in it by the caller); the base one if absent.
     */
    async listProducts(query: ProductQuery, market?: ListingMarket): Promise<ListingResult> {
      const current = await sync();
      if (!market || pricesAreBase(market)) return listings.get(version, query, () => current.query(query));
      const prices = pricesIn(query, market);
      // Kept per market, not per pricing alone: two markets at one rate differ by their own prices.
      return listings.get(
        version,
        query,
        () => current.query(query, prices),
        `${market.id ?? ""}:${marketKey(market)}`,
      );
    },

    /** A product a shopper may see: active ones only (drafts and archived products are 404). */
    async getProduct(id: string): Promise<Product | null> {
      const product = await store.products.get(id);
      return product && product.status === "active" ? product : null;
    },

    async related(product: Product, limit = 4): Promise<ProductSummary[]> {
      const idx = await sync();
      return idx.list("featured", (s) => s.category === product.category && s.id !== product.id && !s.soldOut, limit);
    },

    /**
     * Listed cards by id (undefined: not listed, so unpublished or gone) and, in featured order, the
     * first `limit` in stock of some categories: what complete the look chooses from, as of one sync.
     */
    async lookCards() {
      const idx = await sync();
      return {
        get: (id: string) => idx.get(id),
        sameCategory: (categories: readonly string[], limit: number) =>
          idx.list("featured", (s) => categories.includes(s.category) && !s.soldOut, limit),
      };
    },

    async featured(limit = 8): Promise<ProductSummary[]> {
      const idx = await sync();
      const featured = idx.list("featured", (s) => !s.soldOut, limit);
      return featured;
    },

    async newArrivals(limit = 8): Promise<ProductSummary[]> {
      return (await sync()).list("newest", (s) => !s.soldOut, limit);
    },

    async categories(): Promise<CategorySummary[]> {
      const counts = (await sync()).categoryCounts();
      return CATEGORIES.map((c) => ({
        id: c.id,
        name: c.name,
        description: c.description,
        icon: c.icon,
        productCount: counts.get(c.id) ?? 0,
      }));
    },

    /** The catalogue's version: where the index stands in the change feed, which moves with every product write. */
    async version(): Promise<string> {
      return (await sync()).cursor ?? "empty";
    },

    async sitemapProducts(): Promise<Array<{ id: string }>> {
      const idx = await sync();
      return idx.allIds().map((id) => ({ id }));
    },
  };
}
