import fs from "node:fs";
import type { Readable } from "node:stream";
import { buffer, text } from "node:stream/consumers";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLocalDiskFeedFiles } from "~/server/feed-files/local-disk.server";
import { productFeedBuilds } from "~/server/observability/metrics.server";
import { createCatalogService, type CatalogService } from "~/server/services/catalog/catalog.server";
import {
  createProductFeedService,
  FeedUnavailableError,
  type ProductFeedOptions,
  type ProductFeedService,
} from "~/server/services/feed/product-feed.server";
import type { FeedPage, Store } from "~/server/store/port";
import { STORE_ADAPTERS } from "../contract/adapters";
import { makeProduct } from "../support/product-factory";
import { makeTempDir } from "../support/temp-dir";

// The product feed on every real store: each active product's variants, built in the background
// into a kept file, served from the last kept file at once (a fetch never waits for a build while
// one is kept), and built again after a catalogue change.

const read = (stream: Readable) => text(stream);

const availabilityOf = (xml: string, id: string) =>
  new RegExp(`<g:id>${id}</g:id>[\\s\\S]*?<g:availability>(\\w+)</g:availability>`).exec(xml)?.[1];

const builds = async (result: "ok" | "failed") =>
  (await productFeedBuilds.get()).values.find((v) => v.labels.result === result)?.value ?? 0;

/**
 * The store's feed reads, which a test can hold (a build then waits at its first read until
 * released) or make fail, and count.
 */
function controllableReads(store: Store) {
  let gate: Promise<void> | null = null;
  let open: () => void = () => undefined;
  let failures = 0;
  const reads = { started: 0, firstPages: 0 };
  return {
    reads,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      gate = null;
      open();
    },
    failNext() {
      failures++;
    },
    products: {
      async feedPage(after: string | null, limit: number): Promise<FeedPage> {
        reads.started++;
        if (after === null) reads.firstPages++;
        if (gate) await gate;
        if (failures > 0) {
          failures--;
          throw new Error("the store did not answer");
        }
        return store.products.feedPage(after, limit);
      },
    },
  };
}

describe.each(STORE_ADAPTERS)("product feed on $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let catalog: CatalogService;
  let feed: ProductFeedService;
  let reads: ReturnType<typeof controllableReads>;
  const logs: string[] = [];
  const cache = makeTempDir("hemline-feed-");
  const request = { format: "xml" as const, country: "IE", origin: "https://shop.example" };
  let options: ProductFeedOptions;

  /** Write a product and make the catalogue see it at once (as the admin's edit does). */
  const write = async (...products: ReturnType<typeof makeProduct>[]) => {
    await store.products.upsertMany(products);
    catalog.invalidate();
  };
  const soldOut = (id: string, name: string) => {
    const product = makeProduct({ id, name });
    product.variants = product.variants.map((v) => ({ ...v, stock: 0 }));
    return product;
  };

  beforeAll(async () => {
    ({ store, dispose } = await adapter.create());
    await store.products.upsertMany([
      ...Array.from({ length: 7 }, (_, i) => makeProduct({ id: `feed${i}`, name: `Feed shirt ${i}` })),
      makeProduct({ id: "draft1", status: "draft" }),
      makeProduct({ id: "gone1", status: "archived" }),
      makeProduct({ id: "nopic1", images: [] }),
    ]);
    catalog = createCatalogService({ store, log: () => undefined });
    reads = controllableReads(store);
    options = {
      products: reads.products,
      version: () => catalog.version(),
      files: createLocalDiskFeedFiles(cache.dir),
      cacheDir: cache.dir,
      brand: "Hemline",
      shopName: "Hemline",
      rates: { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 },
      // Small pages, so the feed is read from the store in several pieces.
      batchSize: 3,
      log: (message) => logs.push(message),
    };
    feed = createProductFeedService(options);
  });

  afterAll(async () => {
    await feed.settled();
    await dispose();
    cache.remove();
  });

  it("lists every variant of the active products once, in stock or not, and nothing else", async () => {
    const opened = await feed.open(request);
    const xml = await read(opened.body());
    const ids = [...xml.matchAll(/<g:id>([^<]+)<\/g:id>/g)].map((m) => m[1]);
    // 7 active products with pictures × 2 colours × 3 sizes.
    expect(ids).toHaveLength(42);
    expect(new Set(ids).size).toBe(42);
    expect(ids).toContain("FEED3-SAGE-L");
    expect(xml).not.toMatch(/DRAFT1|GONE1|NOPIC1/);
    expect(xml).toContain("<g:link>https://shop.example/products/feed0?colour=Black</g:link>");
    expect(xml.endsWith("</channel>\n</rss>\n")).toBe(true);
    expect(opened.current).toBe(true);
  });

  it("answers at once with the previous feed while the changed catalogue's feed is built, then with the change", async () => {
    const first = await feed.open(request);
    const before = await read(first.body());
    expect(availabilityOf(before, "FEED0-BLACK-S")).toBe("in_stock");

    const readsBefore = reads.reads.started;
    reads.hold();
    await write(soldOut("feed0", "Feed shirt 0"));
    // The first fetch after the change starts the build; it is held at its first read of the store.
    await (await feed.open(request)).close();
    await vi.waitFor(() => expect(reads.reads.started).toBeGreaterThan(readsBefore));
    // Answered while the build's read is held: the fetch did not wait for the build.
    const during = await feed.open(request);
    expect(during.etag).toBe(first.etag);
    expect(during.builtAt).toEqual(first.builtAt);
    expect(during.current).toBe(false);
    expect(availabilityOf(await read(during.body()), "FEED0-BLACK-S")).toBe("in_stock");

    reads.release();
    await feed.settled();
    const after = await feed.open(request);
    expect(after.etag).not.toBe(first.etag);
    expect(after.current).toBe(true);
    expect(availabilityOf(await read(after.body()), "FEED0-BLACK-S")).toBe("out_of_stock");
    // The feed of the older catalogue is not kept beside the new one.
    expect(fs.readdirSync(cache.dir).filter((f) => f.endsWith(".xml"))).toHaveLength(1);
  });

  it("builds once more, not once per change, for the changes made during a build", async () => {
    await feed.settled();
    const startedBefore = reads.reads.firstPages;
    reads.hold();
    await write(soldOut("feed1", "Feed shirt 1"));
    await (await feed.open(request)).close();
    await vi.waitFor(() => expect(reads.reads.firstPages).toBe(startedBefore + 1));
    // The build for that change is running (held); three more changes and fetches meanwhile.
    for (const id of ["feed2", "feed3", "feed4"]) {
      await write(soldOut(id, `Feed shirt ${id.slice(-1)}`));
      await (await feed.open(request)).close();
    }
    reads.release();
    await feed.settled();
    expect(reads.reads.firstPages - startedBefore).toBe(2);
    const latest = await feed.open(request);
    expect(latest.current).toBe(true);
    const xml = await read(latest.body());
    for (const id of ["FEED1", "FEED2", "FEED3", "FEED4"])
      expect(availabilityOf(xml, `${id}-BLACK-S`)).toBe("out_of_stock");
  });

  it("keeps serving the previous feed when a build fails, counts the failure, and builds on the next change", async () => {
    await feed.settled();
    const kept = await feed.open(request);
    await kept.close();
    const failedBefore = await builds("failed");

    reads.failNext();
    await write(makeProduct({ id: "feed5", name: "Feed shirt 5", priceMinor: 4100 }));
    const during = await feed.open(request);
    await during.close();
    await feed.settled();
    expect(await builds("failed")).toBe(failedBefore + 1);
    expect(logs.some((l) => l.startsWith("Could not build the xml product feed for IE"))).toBe(true);
    // Nothing is left of the failed build's file.
    expect(fs.readdirSync(cache.dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    const afterFailure = await feed.open(request);
    expect(afterFailure.etag).toBe(kept.etag);
    expect(afterFailure.current).toBe(false);
    expect(await read(afterFailure.body())).not.toContain("41.00 EUR");

    // That fetch asked for the build again: this time it succeeds.
    await feed.settled();
    const rebuilt = await feed.open(request);
    expect(rebuilt.current).toBe(true);
    expect(await read(rebuilt.body())).toContain("<g:price>41.00 EUR</g:price>");
  });

  it("keeps a feed per format and target country; a first fetch of one waits for its build", async () => {
    const tsv = await read((await feed.open({ ...request, format: "tsv" })).body());
    expect(tsv.split("\n")[0].split("\t")).toContain("item_group_id");
    expect(tsv.trimEnd().split("\n")).toHaveLength(43);
    const german = await read((await feed.open({ ...request, country: "DE" })).body());
    expect(german).toContain("<g:country>DE</g:country>");
    expect(german).not.toContain("<g:country>IE</g:country>");
  });

  it("refuses a first fetch whose build fails (nothing kept to send), and counts it", async () => {
    const failedBefore = await builds("failed");
    reads.failNext();
    await expect(feed.open({ ...request, country: "FR" })).rejects.toBeInstanceOf(FeedUnavailableError);
    expect(await builds("failed")).toBe(failedBefore + 1);
  });

  it("rebuilds at start, without a fetch, the feeds asked for before the restart", async () => {
    await feed.settled();
    await write(soldOut("feed6", "Feed shirt 6"));
    // A new process on the same files: it remembers which feeds were asked for.
    const restarted = createProductFeedService(options);
    await restarted.start();
    await restarted.settled();
    const startedReads = reads.reads.firstPages;
    const opened = await restarted.open(request);
    expect(opened.current).toBe(true);
    expect(availabilityOf(await read(opened.body()), "FEED6-BLACK-S")).toBe("out_of_stock");
    expect(reads.reads.firstPages).toBe(startedReads);
    const tsv = await restarted.open({ ...request, format: "tsv" });
    expect(tsv.current).toBe(true);
    await tsv.close();
    restarted.stop();
  });

  it("keeps a gzipped copy of the kept feed that decodes to the same feed, and a new one after a price change", async () => {
    await write(makeProduct({ id: "feed1", name: "Feed shirt 1", priceMinor: 2500 }));
    await (await feed.open(request)).close();
    await feed.settled();
    const first = await feed.open(request);
    expect(first.current).toBe(true);
    const plain = await read(first.body());
    const gzipped = await (await feed.open(request)).gzipped();
    expect(gzipped).not.toBeNull();
    const unzipped = zlib.gunzipSync(await buffer(gzipped!.stream)).toString("utf8");
    expect(unzipped).toBe(plain);
    expect(unzipped).toContain("<g:price>25.00 EUR</g:price>");

    await write(makeProduct({ id: "feed1", name: "Feed shirt 1", priceMinor: 3100 }));
    await (await feed.open(request)).close();
    await feed.settled();
    const changed = await feed.open(request);
    const after = await read(changed.body());
    const zipped = await (await feed.open(request)).gzipped();
    const newer = zlib.gunzipSync(await buffer(zipped!.stream)).toString("utf8");
    expect(newer).toBe(after);
    const priceOf = (xml: string) => /<g:id>FEED1-BLACK-S<\/g:id>[\s\S]*?<g:price>([^<]+)<\/g:price>/.exec(xml)?.[1];
    expect(priceOf(plain)).toBe("25.00 EUR");
    expect(priceOf(newer)).toBe("31.00 EUR");
    // The older version's files, plain and gzipped, are gone.
    const older = first.etag.replaceAll('"', "");
    expect(fs.readdirSync(cache.dir).filter((f) => f.includes(older))).toEqual([]);
    const current = changed.etag.replaceAll('"', "");
    expect(fs.readdirSync(cache.dir).filter((f) => f.endsWith(`${current}.xml.gz`))).toHaveLength(1);
  });

  it("prices a country's feed in its market's currency, and builds it again when that market's rate changes", async () => {
    const pounds = { currency: "GBP" as const, rateMicros: 860_000, rounding: "99" as const };
    const own = makeTempDir("hemline-feed-market-");
    const inMarkets = createProductFeedService({
      ...options,
      files: createLocalDiskFeedFiles(own.dir),
      cacheDir: own.dir,
      marketFor: async (country) =>
        country === "GB" ? pounds : { currency: "EUR", rateMicros: 1_000_000, rounding: "exact" },
    });
    try {
      await write(makeProduct({ id: "feed1", name: "Feed shirt 1", priceMinor: 2500 }));
      const priceOf = (xml: string) => /<g:id>FEED1-BLACK-S<\/g:id>[\s\S]*?<g:price>([^<]+)<\/g:price>/.exec(xml)?.[1];
      const british = await read((await inMarkets.open({ ...request, country: "GB" })).body());
      // €25.00 at 0.86 is £21.50, ending .99: £21.99; no euro figure anywhere in it.
      expect(priceOf(british)).toBe("21.99 GBP");
      expect(british).not.toContain(" EUR<");
      const irish = await read((await inMarkets.open(request)).body());
      expect(priceOf(irish)).toBe("25.00 EUR");

      const before = await inMarkets.open({ ...request, country: "GB" });
      await before.close();
      pounds.rateMicros = 900_000;
      const stale = await inMarkets.open({ ...request, country: "GB" });
      expect(stale.current).toBe(false);
      await stale.close();
      await inMarkets.settled();
      const rebuilt = await inMarkets.open({ ...request, country: "GB" });
      expect(rebuilt.etag).not.toBe(before.etag);
      // €25.00 at 0.90 is £22.50: £22.99.
      expect(priceOf(await read(rebuilt.body()))).toBe("22.99 GBP");
    } finally {
      await inMarkets.settled();
      own.remove();
    }
  });
});
