import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { ProductStore } from "~/server/store/port";
import type { ShippingRates } from "../checkout/shipping.server";
import type { ShippingZone } from "~/domain/shipping-zone";
import { feedHead, feedProductItems, feedTail, type FeedFormat } from "./feed-format.server";
import { feedItems, requiredMissing, type FeedSettings } from "./feed-items.server";

// The Google product feed, written a batch of products at a time from the catalogue's change feed
// (read from the start it is every product once, by change number), so 100,000 products never sit
// in memory together. What is written is also kept in a file named for the catalogue's version: the
// next request for the same feed streams that file, and any change to the catalogue (an edit, an
// order taking stock) gives a new version, so the next request builds the feed again.
// The file is work that can be redone: per process and machine, like the render cache.

/** Bumped when what a feed holds changes, so files written by an older release are not served. */
const LAYOUT = "1";
const BATCH = 500;

export interface ProductFeedOptions {
  products: Pick<ProductStore, "changes">;
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
  /** Changes whenever the feed's content would: a caller sending it back may be answered 304. */
  etag: string;
  /** The feed's bytes: the kept file, or written now (and kept) when the catalogue changed. */
  body(): Promise<ReadableStream<Uint8Array>>;
  /** The kept file gzipped, once it has been compressed (null until then: send body() instead). */
  gzipped(): Promise<ReadableStream<Uint8Array> | null>;
}

const fileStream = (handle: fsp.FileHandle) =>
  Readable.toWeb(handle.createReadStream()) as unknown as ReadableStream<Uint8Array>;

const hash = (...parts: string[]) =>
  crypto.createHash("sha256").update(parts.join("\0")).digest("base64url").slice(0, 24);

export type ProductFeedService = ReturnType<typeof createProductFeedService>;

export function createProductFeedService(options: ProductFeedOptions) {
  const batchSize = options.batchSize ?? BATCH;
  const log = options.log ?? console.log;

  /** Builds the feed, writing it to `file` as it goes; the file appears only once complete. */
  function build(
    request: FeedRequest,
    file: string,
    group: string,
    zone: ShippingZone | null,
  ): ReadableStream<Uint8Array> {
    const settings: FeedSettings = {
      origin: request.origin,
      brand: options.brand,
      country: request.country,
      rates: options.rates,
      zone: zone ?? undefined,
    };
    const temp = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
    let out: fsp.FileHandle | null = null;
    let cursor: string | null = null;
    let started = false;
    let done = false;
    // A product written while the feed is read comes again later in the change feed: once is enough.
    const seen = new Set<string>();
    let items = 0;
    let refused = 0;
    const began = Date.now();

    async function abandon() {
      await out?.close().catch(() => undefined);
      out = null;
      await fsp.rm(temp, { force: true });
    }

    async function emit(controller: ReadableStreamDefaultController<Uint8Array>, text: string) {
      if (!text) return;
      // One Buffer per batch of products: a few large writes and chunks, not one per item.
      const bytes = Buffer.from(text, "utf8");
      await out?.write(bytes);
      controller.enqueue(bytes);
    }

    return new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          try {
            if (!started) {
              started = true;
              await fsp.mkdir(options.cacheDir, { recursive: true });
              out = await fsp.open(temp, "w");
              await emit(
                controller,
                feedHead(request.format, {
                  title: options.shopName,
                  link: request.origin,
                  description: `Every product of ${options.shopName}, one item per size and colour.`,
                }),
              );
              return;
            }
            if (done) return;
            // A pull that enqueues nothing is not called again: read on until a batch gives items or the feed ends.
            let more = true;
            let text = "";
            while (more && !text) {
              const batch = await options.products.changes(cursor, batchSize);
              cursor = batch.cursor;
              more = batch.more;
              for (const change of batch.changes) {
                if (change.kind !== "product" || change.product.status !== "active") continue;
                if (seen.has(change.product.id)) continue;
                seen.add(change.product.id);
                const all = feedItems(change.product, settings);
                // Google refuses an item without a required attribute (a product with no picture, say).
                const kept = all.filter((item) => requiredMissing(item).length === 0);
                refused += all.length - kept.length;
                items += kept.length;
                text += feedProductItems(request.format, kept);
              }
            }
            await emit(controller, text);
            if (more) return;
            done = true;
            await emit(controller, feedTail(request.format));
            await out!.close();
            out = null;
            await fsp.rename(temp, file);
            await dropOlder(group, file);
            compress(file);
            log(
              `Built the ${request.format} product feed for ${request.country}: ${items.toLocaleString("en")} items` +
                (refused ? `, ${refused.toLocaleString("en")} left out for a missing required attribute` : "") +
                ` in ${Date.now() - began} ms.`,
            );
            controller.close();
          } catch (error) {
            await abandon();
            controller.error(error);
          }
        },
        async cancel() {
          // The client went away: the half-written file is of no use.
          done = true;
          await abandon();
        },
      },
      // One batch ahead at most: the reader's pace decides how much is read from the store.
      { highWaterMark: 1 },
    );
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

  return {
    async open(request: FeedRequest): Promise<OpenedFeed> {
      const version = await options.version();
      const group = hash(LAYOUT, request.format, request.country, request.origin, options.brand);
      // An edited zone (its prices) makes a new feed, as a catalogue change does.
      const zone = options.zoneFor ? await options.zoneFor(request.country) : null;
      const key = hash(group, version, JSON.stringify(zone ?? options.rates));
      const file = path.join(options.cacheDir, `${group}-${key}.${request.format}`);
      return {
        etag: `"${key}"`,
        async body() {
          // Opened before reading, so a newer build removing the file cannot cut this reader short.
          const kept = await fsp.open(file, "r").catch(() => null);
          if (kept) return fileStream(kept);
          return build(request, file, group, zone);
        },
        async gzipped() {
          const kept = await fsp.open(`${file}.gz`, "r").catch(() => null);
          if (kept) return fileStream(kept);
          // Kept by an earlier run of this process (or another) but not compressed yet: start it now.
          if (fs.existsSync(file)) compress(file);
          return null;
        },
      };
    },
    /** Resolves when no feed is being gzipped (tests and benches wait on it; requests never do). */
    async settled() {
      while (compressing.size) await Promise.all(compressing.values());
    },
  };
}
