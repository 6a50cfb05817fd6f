import crypto from "node:crypto";
import { once } from "node:events";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { FeedFileRef, FeedFileStore } from "~/server/feed-files/port";
import type { LeaseStore } from "~/server/leases/port";
import type { ProductStore } from "~/server/store/port";
import { productFeedBuilds, productFeedLastBuilt } from "~/server/observability/metrics.server";
import type { ShippingRates } from "../checkout/shipping.server";
import type { ShippingZone } from "~/domain/shipping-zone";
import { feedHead, feedProductItems, feedTail, type FeedFormat } from "./feed-format.server";
import { feedItems, requiredMissing, type FeedSettings } from "./feed-items.server";
import { pricesAreBase, type PricingMarket } from "../markets/market-prices";

/**
 * Only what prices a feed: the rest of a market (its name, its other countries) changes nothing in
 * it. Its id too outside the base market, since the products' own prices there are found by it.
 */
const pricingOf = (m: PricingMarket): PricingMarket => ({
  currency: m.currency,
  rateMicros: m.rateMicros,
  rounding: m.rounding,
  ...(m.id !== undefined && !pricesAreBase(m) ? { id: m.id } : {}),
});
import { feedLeases, LeaseLostError, processLeases, type Held } from "./feed-leases.server";

// The Google product feed, built in the background into a file named for the catalogue's version
// and served from the last file kept (decision 0031). A fetch never waits for a build while some
// feed is kept: after a catalogue change it gets the previous feed at once (with that feed's own
// ETag and Last-Modified) and the new one is built behind it, one build at a time per process,
// changes arriving during a build coalesced into one more build. Only a feed never built before
// (a new shop, a new country or origin) is waited for. The build reads the catalogue a page of
// active products at a time, with only the fields the feed writes, so 100,000 products never sit
// in memory together. Where the files are kept is the feed-files port: the local disk of the
// embedded backend, Cloud Storage on Firebase; a lease per feed (the lease port) makes one
// instance of all build each feed while the others serve what it put there (decision 0034).

/** Bumped when what a feed holds changes, so files written by an older release are not served. */
const LAYOUT = "2";
const BATCH = 500;

export interface ProductFeedOptions {
  products: Pick<ProductStore, "feedPage">;
  /**
   * The catalogue's version: its change-feed position, which moves with every product write.
   * `fresh`: ask the store now rather than answer this process's last look at it.
   */
  version: (fresh?: boolean) => Promise<string>;
  /** Where built feeds are kept, for every instance to send. */
  files: FeedFileStore;
  /**
   * Which instance builds each feed: the holder of its lease (renewed while it builds). Absent:
   * this process alone decides (one process, tests).
   */
  leases?: LeaseStore;
  /**
   * How long a builder's lease lasts unless renewed (FEED_LEASE_SECONDS): renewed every third of
   * it while building; another instance takes over a dead builder's feed this long after it died.
   */
  leaseMs?: number;
  /** This process's own notes (the feeds asked for, rebuilt at start): a cache, never the feeds themselves. */
  cacheDir: string;
  brand: string;
  shopName: string;
  /** The flat rates of a shop without zones (tests); `zoneFor` wins when given. */
  rates: ShippingRates;
  /** The shipping zone of a target country: the feed's shipping rows are its methods. */
  zoneFor?: (country: string) => Promise<ShippingZone | null>;
  /** The market of a target country: the feed's prices are in its currency, as its shoppers see them. */
  marketFor?: (country: string) => Promise<PricingMarket>;
  batchSize?: number;
  /**
   * The least time between the starts of two builds of one feed (FEED_REBUILD_SECONDS): a busy
   * shop's catalogue moves with every order, and a build of 100,000 products costs a core for
   * most of a minute. A change is picked up by the next check (every this often) or fetch after it.
   */
  rebuildEveryMs?: number;
  log?: (message: string) => void;
}

export interface FeedRequest {
  format: FeedFormat;
  /** ISO code of the target country (one the shop delivers to). */
  country: string;
  /** Absolute origin for the feed's links (PUBLIC_URL). */
  origin: string;
}

export interface OpenedFeed {
  /** The ETag of the feed sent: changes whenever its content does (a caller sending it back may be answered 304). */
  etag: string;
  /** When the feed sent was built (Last-Modified). */
  builtAt: Date;
  /** False when the catalogue has changed since this feed was built: its successor is being built. */
  current: boolean;
  /** The kept feed's length in bytes (Content-Length). */
  size: number;
  /**
   * The kept feed's bytes, as a Node stream that reads the file only as fast as it is consumed (piped
   * with backpressure, a slow client never makes the server hold the feed). The file was opened by
   * open(), so a newer build cannot remove it from under us.
   */
  body(): Readable;
  /** The kept file gzipped, once it has been compressed (null until then: send body() instead); the plain file is then let go. */
  gzipped(): Promise<{ stream: Readable; size: number } | null>;
  /** Let go of the kept file without reading it (a 304, or the gzipped copy sent instead). */
  close(): Promise<void>;
}

/** Writes a piece, waiting while the destination's buffer is full (a 1.7 GB feed is never gathered in memory). */
async function writeTo(out: Writable, chunk: Buffer): Promise<void> {
  if (out.errored) throw out.errored;
  if (out.destroyed) throw new Error("the feed file was closed while being written");
  if (!out.write(chunk)) await once(out, "drain");
}

/** No feed was ever kept for this request and building one failed: the route answers 503. */
export class FeedUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The product feed could not be built: ${String(cause)}`);
  }
}

const hash = (...parts: string[]) =>
  crypto.createHash("sha256").update(parts.join("\0")).digest("base64url").slice(0, 24);

/** Which feed the catalogue's current version makes. */
interface Target {
  group: string;
  key: string;
  zone: ShippingZone | null;
  market: PricingMarket | null;
}

const fileOf = (request: FeedRequest, target: Target): FeedFileRef => ({
  group: target.group,
  key: target.key,
  format: request.format,
});

export type ProductFeedService = ReturnType<typeof createProductFeedService>;

export function createProductFeedService(options: ProductFeedOptions) {
  const batchSize = options.batchSize ?? BATCH;
  const rebuildEveryMs = options.rebuildEveryMs ?? 0;
  const log = options.log ?? console.log;
  const { files } = options;
  const leaseMs = options.leaseMs ?? 60_000;
  /** How often a fetch with nothing to send looks whether another instance's first build is in place. */
  const pollMs = Math.min(1000, leaseMs / 4);
  const { hold } = feedLeases(options.leases ?? processLeases(), leaseMs);

  /** Feeds of the same format, country and origin share a group; each catalogue version its key. */
  const groupOf = (request: FeedRequest) =>
    hash(LAYOUT, request.format, request.country, request.origin, options.brand);

  async function targetOf(request: FeedRequest, fresh = false): Promise<Target> {
    const version = await options.version(fresh);
    const group = groupOf(request);
    // An edited zone (its prices) makes a new feed, as a catalogue change does.
    const zone = options.zoneFor ? await options.zoneFor(request.country) : null;
    // So does a change of the country's market (its currency, rate or ending).
    const market = options.marketFor ? pricingOf(await options.marketFor(request.country)) : null;
    const key = hash(group, version, JSON.stringify(zone ?? options.rates), market ? JSON.stringify(market) : "");
    return { group, key, zone, market };
  }

  /** Builds the feed and keeps it: written as a stream into the feed files, visible once complete. */
  async function build(request: FeedRequest, target: Target, held: Held): Promise<void> {
    const settings: FeedSettings = {
      origin: request.origin,
      brand: options.brand,
      country: request.country,
      rates: options.rates,
      zone: target.zone ?? undefined,
      market: target.market ?? undefined,
    };
    const began = Date.now();
    const file = fileOf(request, target);
    const out = await files.create(file, new Date(began));
    let items = 0;
    let refused = 0;
    try {
      // One Buffer per page of products: a few large writes, not one per item.
      const write = async (text: string) => {
        if (held.lost()) throw new LeaseLostError();
        if (text) await writeTo(out.stream, Buffer.from(text, "utf8"));
      };
      await write(
        feedHead(request.format, {
          title: options.shopName,
          link: request.origin,
          description: `Every product of ${options.shopName}, one item per size and colour.`,
        }),
      );
      let after: string | null = null;
      do {
        const page = await options.products.feedPage(after, batchSize);
        after = page.next;
        let text = "";
        for (const product of page.products) {
          const all = feedItems(product, settings);
          // Google refuses an item without a required attribute (a product with no picture, say).
          const kept = all.filter((item) => requiredMissing(item).length === 0);
          refused += all.length - kept.length;
          items += kept.length;
          text += feedProductItems(request.format, kept);
        }
        await write(text);
      } while (after !== null);
      await write(feedTail(request.format));
      if (held.lost()) throw new LeaseLostError();
      await out.commit();
    } catch (error) {
      await out.abort().catch(() => undefined);
      throw error;
    }
    // The newer feed is in place: readers that opened an older one keep it where the store allows.
    // Not removed (the store did not answer): the next build removes them; the newer is served meanwhile.
    await files
      .removeOlder(target.group, target.key)
      .catch((error: unknown) => log(`Could not remove older product feeds: ${String(error)}`));
    compress(file, held);
    log(
      `Built the ${request.format} product feed for ${request.country}: ${items.toLocaleString("en")} items` +
        (refused ? `, ${refused.toLocaleString("en")} left out for a missing required attribute` : "") +
        ` in ${Date.now() - began} ms.`,
    );
  }

  // Feeds waiting for a build, by group (a second change before its turn adds nothing), and
  // whether the one builder of this process is at work.
  const queue = new Map<string, FeedRequest>();
  let building = false;
  let drained: Promise<void> = Promise.resolve();
  const lastStarted = new Map<string, number>();
  /** Callers waiting for the next build of a group to end (only when nothing of it is kept). */
  const waiting = new Map<string, Array<(error?: unknown) => void>>();
  /** Every feed asked for since start (and remembered from before it): what the periodic check rebuilds. */
  const known = new Map<string, FeedRequest>();

  /** Builds the request's feed unless it is kept or another instance holds its lease; true when this process built it. */
  async function refresh(request: FeedRequest): Promise<boolean> {
    let target = await targetOf(request);
    if (await files.exists(fileOf(request, target))) return false;
    let held = await hold(target.group);
    if (!held) {
      // Not asked again by this instance's fetches before FEED_REBUILD_SECONDS (its periodic check does ask).
      lastStarted.set(target.group, Date.now());
      log(
        `Another instance is building the ${request.format} product feed for ${request.country}; this one sends the feed kept.`,
      );
      // A fetch with nothing to send waits for that build, or takes over once the builder's lease lapses.
      while (!held) {
        if (!waiting.has(target.group)) return false;
        await new Promise((resolve) => setTimeout(resolve, pollMs));
        const kept = await files.newest(target.group, request.format);
        if (kept) {
          await kept.close();
          return false;
        }
        held = await hold(target.group);
      }
    }
    let handedOn = false;
    try {
      // Built by another instance meanwhile, or this process's look at the catalogue was behind theirs.
      target = await targetOf(request, true);
      if (await files.exists(fileOf(request, target))) return false;
      lastStarted.set(target.group, Date.now());
      log(
        `Building the ${request.format} product feed for ${request.country} (the catalogue changed since the kept one).`,
      );
      await build(request, target, held);
      // The gzipping after it lets go of the lease.
      handedOn = true;
      return true;
    } finally {
      if (!handedOn) await held.release();
    }
  }

  async function drain(): Promise<void> {
    try {
      for (const [group, request] of queue) {
        queue.delete(group);
        let failure: unknown;
        try {
          if (await refresh(request)) {
            productFeedBuilds.inc({ result: "ok" });
            productFeedLastBuilt.setToCurrentTime();
          }
        } catch (error) {
          // The feed kept before goes on being served; the next change or check tries again.
          failure = error;
          productFeedBuilds.inc({ result: "failed" });
          log(`Could not build the ${request.format} product feed for ${request.country}: ${String(error)}`);
        }
        for (const done of waiting.get(group) ?? []) done(failure);
        waiting.delete(group);
      }
    } finally {
      // Set in the same turn as the queue was last seen empty: a feed queued after this starts a new drain.
      building = false;
    }
  }

  /** Queue a build of the request's feed; `due` skips the least interval between builds. */
  function schedule(request: FeedRequest, due = false) {
    const group = groupOf(request);
    if (!due && Date.now() - (lastStarted.get(group) ?? -Infinity) < rebuildEveryMs) return;
    queue.set(group, request);
    if (!building) {
      building = true;
      drained = drain();
    }
  }

  /** Remembered beside the files, so the feeds asked for before a restart are rebuilt at start. */
  async function remember(group: string, request: FeedRequest) {
    if (known.has(group)) return;
    known.set(group, request);
    await fsp.mkdir(options.cacheDir, { recursive: true });
    await fsp.writeFile(path.join(options.cacheDir, `${group}.request.json`), JSON.stringify(request));
  }

  // Kept feeds being gzipped, so each is compressed once per process, in the background.
  const compressing = new Map<string, Promise<void>>();

  /**
   * Keeps the feed gzipped beside it (Google fetches accept gzip: far fewer bytes to send), under
   * the feed's lease: one instance compresses it. The fastest level: 1.7 GB at the default level
   * took a minute of a shared core; the feed's repeated markup compresses well at any level.
   */
  function compress(file: FeedFileRef, leased?: Held) {
    const id = `${file.group}/${file.key}.${file.format}`;
    if (compressing.has(id)) {
      void leased?.release();
      return;
    }
    const began = Date.now();
    const work = (async () => {
      const held = leased ?? (await hold(file.group));
      // Another instance holds the feed's lease: it builds (and gzips) there.
      if (!held) return;
      try {
        if (await files.exists({ ...file, gzip: true })) return;
        const plain = await files.open(file);
        // Replaced by a newer feed meanwhile: not worth compressing.
        if (!plain) return;
        const out = await files.create({ ...file, gzip: true }, plain.builtAt);
        try {
          await pipeline(plain.read(), zlib.createGzip({ level: zlib.constants.Z_BEST_SPEED }), async (zipped) => {
            for await (const chunk of zipped as AsyncIterable<Buffer>) {
              if (held.lost()) throw new LeaseLostError();
              await writeTo(out.stream, chunk);
            }
          });
          await out.commit();
        } catch (error) {
          await out.abort().catch(() => undefined);
          throw error;
        }
        log(`Gzipped the ${file.format} product feed ${file.key} in ${Date.now() - began} ms.`);
      } finally {
        await held.release();
      }
    })()
      // The plain feed still serves; the next fetch that finds no gzipped copy tries again.
      .catch((error: unknown) => log(`Could not gzip the ${file.format} product feed ${file.key}: ${String(error)}`))
      .finally(() => compressing.delete(id));
    compressing.set(id, work);
  }

  let timer: NodeJS.Timeout | undefined;

  return {
    async open(request: FeedRequest): Promise<OpenedFeed> {
      const target = await targetOf(request);
      await remember(target.group, request);
      let kept = await files.newest(target.group, request.format);
      if (!kept) {
        // Nothing to serve meanwhile: wait for the first build of this feed (here or by another instance).
        const built = new Promise<void>((resolve, reject) => {
          const list = waiting.get(target.group) ?? [];
          list.push((error) => (error === undefined ? resolve() : reject(new FeedUnavailableError(error))));
          waiting.set(target.group, list);
        });
        schedule(request, true);
        // A build here that failed (or lost its lease) leaves nothing to send unless another instance kept one.
        const failure = await built.then(
          () => undefined,
          (error: unknown) => error,
        );
        kept = await files.newest(target.group, request.format);
        if (!kept) throw failure ?? new FeedUnavailableError("no feed was kept");
      } else if (kept.key !== target.key) {
        schedule(request);
      }
      const found = kept;
      const file: FeedFileRef = { group: target.group, key: found.key, format: request.format };
      return {
        etag: `"${found.key}"`,
        builtAt: found.builtAt,
        current: found.key === target.key,
        size: found.size,
        body: () => found.read(),
        async gzipped() {
          const zipped = await files.open({ ...file, gzip: true });
          if (zipped) {
            await found.close();
            return { stream: zipped.read(), size: zipped.size };
          }
          // Kept by an earlier run (or another instance) but not compressed yet: start it now, under the lease.
          compress(file);
          return null;
        },
        close: () => found.close(),
      };
    },
    /**
     * Build at start the feeds asked for before (remembered beside the files) and `defaults`, when
     * the catalogue moved past them; then check every FEED_REBUILD_SECONDS whether it moved again.
     */
    async start(defaults: readonly FeedRequest[] = []) {
      const names = await fsp.readdir(options.cacheDir).catch(() => [] as string[]);
      for (const name of names.filter((n) => n.endsWith(".request.json"))) {
        try {
          const request = JSON.parse(await fsp.readFile(path.join(options.cacheDir, name), "utf8")) as FeedRequest;
          known.set(groupOf(request), request);
        } catch {
          // A file this release cannot read: the feed is remembered again when next asked for.
        }
      }
      for (const request of defaults) await remember(groupOf(request), request);
      for (const request of known.values()) schedule(request, true);
      if (rebuildEveryMs > 0 && !timer) {
        timer = setInterval(() => {
          for (const request of known.values()) schedule(request, true);
        }, rebuildEveryMs);
        timer.unref();
      }
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
    /** Resolves when no feed is being built or gzipped (tests and benches wait on it; requests never do). */
    async settled() {
      while (building || compressing.size) await Promise.all([drained, ...compressing.values()]);
    },
  };
}
