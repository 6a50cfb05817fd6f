import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import fs from "node:fs";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { ProductStore } from "~/server/store/port";
import { productFeedBuilds, productFeedLastBuilt } from "~/server/observability/metrics.server";
import type { ShippingRates } from "../checkout/shipping.server";
import type { ShippingZone } from "~/domain/shipping-zone";
import { feedHead, feedProductItems, feedTail, type FeedFormat } from "./feed-format.server";
import { feedItems, requiredMissing, type FeedSettings } from "./feed-items.server";

// The Google product feed, built in the background into a file named for the catalogue's version
// and served from the last file kept (decision 0031). A fetch never waits for a build while some
// feed is kept: after a catalogue change it gets the previous feed at once (with that feed's own
// ETag and Last-Modified) and the new one is built behind it, one build at a time per process,
// changes arriving during a build coalesced into one more build. Only a feed never built before
// (a new shop, a new country or origin) is waited for. The build reads the catalogue a page of
// active products at a time, with only the fields the feed writes, so 100,000 products never sit
// in memory together. The files are work that can be redone: per process and machine.

/** Bumped when what a feed holds changes, so files written by an older release are not served. */
const LAYOUT = "2";
const BATCH = 500;

export interface ProductFeedOptions {
  products: Pick<ProductStore, "feedPage">;
  /** The catalogue's version: its change-feed position, which moves with every product write. */
  version: () => Promise<string>;
  /** Where built feeds are kept. */
  cacheDir: string;
  brand: string;
  shopName: string;
  /** The flat rates of a shop without zones (tests); `zoneFor` wins when given. */
  rates: ShippingRates;
  /** The shipping zone of a target country: the feed's shipping rows are its methods. */
  zoneFor?: (country: string) => Promise<ShippingZone | null>;
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

/** No feed was ever kept for this request and building one failed: the route answers 503. */
export class FeedUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The product feed could not be built: ${String(cause)}`);
  }
}

const hash = (...parts: string[]) =>
  crypto.createHash("sha256").update(parts.join("\0")).digest("base64url").slice(0, 24);

/** Where a feed of the catalogue's current version is (or will be) kept. */
interface Target {
  group: string;
  key: string;
  file: string;
  zone: ShippingZone | null;
}

export type ProductFeedService = ReturnType<typeof createProductFeedService>;

export function createProductFeedService(options: ProductFeedOptions) {
  const batchSize = options.batchSize ?? BATCH;
  const rebuildEveryMs = options.rebuildEveryMs ?? 0;
  const log = options.log ?? console.log;

  /** Feeds of the same format, country and origin share a group; each catalogue version its key. */
  const groupOf = (request: FeedRequest) =>
    hash(LAYOUT, request.format, request.country, request.origin, options.brand);

  async function targetOf(request: FeedRequest): Promise<Target> {
    const version = await options.version();
    const group = groupOf(request);
    // An edited zone (its prices) makes a new feed, as a catalogue change does.
    const zone = options.zoneFor ? await options.zoneFor(request.country) : null;
    const key = hash(group, version, JSON.stringify(zone ?? options.rates));
    return { group, key, zone, file: path.join(options.cacheDir, `${group}-${key}.${request.format}`) };
  }

  /** Builds the feed into `target.file`: a temporary file renamed once complete, so a reader never sees half a feed. */
  async function build(request: FeedRequest, target: Target): Promise<void> {
    const settings: FeedSettings = {
      origin: request.origin,
      brand: options.brand,
      country: request.country,
      rates: options.rates,
      zone: target.zone ?? undefined,
    };
    const began = Date.now();
    await fsp.mkdir(options.cacheDir, { recursive: true });
    const temp = `${target.file}.${process.pid}.${crypto.randomUUID()}.tmp`;
    const out = await fsp.open(temp, "w");
    let items = 0;
    let refused = 0;
    try {
      // One Buffer per page of products: a few large writes, not one per item.
      const write = (text: string) => (text ? out.write(Buffer.from(text, "utf8")) : undefined);
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
      await out.close();
      await fsp.rename(temp, target.file);
    } catch (error) {
      await out.close().catch(() => undefined);
      await fsp.rm(temp, { force: true });
      throw error;
    }
    await dropOlder(target.group, target.file);
    compress(target.file);
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

  async function refresh(request: FeedRequest): Promise<void> {
    const target = await targetOf(request);
    if (fs.existsSync(target.file)) return;
    lastStarted.set(target.group, Date.now());
    log(
      `Building the ${request.format} product feed for ${request.country} (the catalogue changed since the kept one).`,
    );
    await build(request, target);
  }

  async function drain(): Promise<void> {
    try {
      for (const [group, request] of queue) {
        queue.delete(group);
        let failure: unknown;
        try {
          await refresh(request);
          productFeedBuilds.inc({ result: "ok" });
          productFeedLastBuilt.setToCurrentTime();
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

  /** The newest complete feed kept for the group, opened; null when none was ever built. */
  async function openKept(group: string, format: FeedFormat) {
    const names = await fsp.readdir(options.cacheDir).catch(() => [] as string[]);
    const files = names
      .filter((name) => name.startsWith(`${group}-`) && name.endsWith(`.${format}`))
      .map((name) => path.join(options.cacheDir, name));
    const found = [];
    for (const file of files) {
      const handle = await fsp.open(file, "r").catch(() => null);
      if (handle) found.push({ file, handle, stat: await handle.stat() });
    }
    found.sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs);
    for (const older of found.slice(1)) await older.handle.close();
    const newest = found[0];
    if (!newest) return null;
    const key = path.basename(newest.file, `.${format}`).slice(group.length + 1);
    return { ...newest, key };
  }

  // Kept files being gzipped, so each is compressed once per process, in the background.
  const compressing = new Map<string, Promise<void>>();

  /**
   * Writes `file`.gz beside a kept file (Google fetches accept gzip: far fewer bytes to send).
   * The fastest level: 1.7 GB at the default level took a minute of a shared core; the feed's
   * repeated markup compresses well at any level.
   */
  function compress(file: string) {
    if (compressing.has(file)) return;
    const temp = `${file}.gz.${process.pid}.${crypto.randomUUID()}.tmp`;
    const began = Date.now();
    const work = pipeline(
      fs.createReadStream(file),
      zlib.createGzip({ level: zlib.constants.Z_BEST_SPEED }),
      fs.createWriteStream(temp),
    )
      .then(() => fsp.rename(temp, `${file}.gz`))
      .then(() => log(`Gzipped ${path.basename(file)} in ${Date.now() - began} ms.`))
      .catch(async (error: unknown) => {
        // The plain file still serves; a removed (outdated) file is not worth a message.
        await fsp.rm(temp, { force: true });
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") log(`Could not gzip ${file}: ${String(error)}`);
      })
      .finally(() => compressing.delete(file));
    compressing.set(file, work);
  }

  /** Feeds of the same format, country and origin built for an older catalogue version. */
  async function dropOlder(group: string, keep: string) {
    const names = await fsp.readdir(options.cacheDir).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter(
          (name) =>
            name.startsWith(`${group}-`) &&
            !name.endsWith(".tmp") &&
            ![keep, `${keep}.gz`].includes(path.join(options.cacheDir, name)),
        )
        .map((name) => fsp.rm(path.join(options.cacheDir, name), { force: true })),
    );
  }

  let timer: NodeJS.Timeout | undefined;

  return {
    async open(request: FeedRequest): Promise<OpenedFeed> {
      const target = await targetOf(request);
      await remember(target.group, request);
      let kept = await openKept(target.group, request.format);
      if (!kept) {
        // Nothing to serve meanwhile: wait for the first build of this feed.
        const built = new Promise<void>((resolve, reject) => {
          const list = waiting.get(target.group) ?? [];
          list.push((error) => (error === undefined ? resolve() : reject(new FeedUnavailableError(error))));
          waiting.set(target.group, list);
        });
        schedule(request, true);
        await built;
        kept = await openKept(target.group, request.format);
        if (!kept) throw new FeedUnavailableError("no feed was kept");
      } else if (kept.key !== target.key) {
        schedule(request);
      }
      const { handle, file, stat, key } = kept;
      return {
        etag: `"${key}"`,
        builtAt: stat.mtime,
        current: key === target.key,
        size: stat.size,
        body: () => handle.createReadStream(),
        async gzipped() {
          const zipped = await fsp.open(`${file}.gz`, "r").catch(() => null);
          if (zipped) {
            await handle.close();
            return { stream: zipped.createReadStream(), size: (await zipped.stat()).size };
          }
          // Kept by an earlier run of this process (or another) but not compressed yet: start it now.
          compress(file);
          return null;
        },
        close: () => handle.close(),
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
