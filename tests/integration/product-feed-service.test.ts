import fs from "node:fs";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCatalogService, type CatalogService } from "~/server/services/catalog/catalog.server";
import { createProductFeedService, type ProductFeedService } from "~/server/services/feed/product-feed.server";
import type { Store } from "~/server/store/port";
import { STORE_ADAPTERS } from "../contract/adapters";
import { makeProduct } from "../support/product-factory";
import { makeTempDir } from "../support/temp-dir";

// The product feed on every real store: each active product's variants, written a batch at a time,
// kept until the catalogue changes, then built again with the change.

const read = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe.each(STORE_ADAPTERS)("product feed on $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let catalog: CatalogService;
  let feed: ProductFeedService;
  const cache = makeTempDir("hemline-feed-");
  const request = { format: "xml" as const, country: "IE", origin: "https://shop.example" };

  beforeAll(async () => {
    ({ store, dispose } = await adapter.create());
    await store.products.upsertMany([
      ...Array.from({ length: 7 }, (_, i) => makeProduct({ id: `feed${i}`, name: `Feed shirt ${i}` })),
      makeProduct({ id: "draft1", status: "draft" }),
      makeProduct({ id: "gone1", status: "archived" }),
      makeProduct({ id: "nopic1", images: [] }),
    ]);
    catalog = createCatalogService(store, { log: () => undefined });
    feed = createProductFeedService({
      products: store.products,
      version: () => catalog.version(),
      cacheDir: cache.dir,
      brand: "Hemline",
      shopName: "Hemline",
      rates: { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 },
      // Small batches, so the feed is read from the store in several pieces.
      batchSize: 3,
      log: () => undefined,
    });
  });

  afterAll(async () => {
    await dispose();
    cache.remove();
  });

  it("lists every variant of the active products once, in stock or not, and nothing else", async () => {
    const opened = await feed.open(request);
    const xml = await read(await opened.body());
    const ids = [...xml.matchAll(/<g:id>([^<]+)<\/g:id>/g)].map((m) => m[1]);
    // 7 active products with pictures × 2 colours × 3 sizes.
    expect(ids).toHaveLength(42);
    expect(new Set(ids).size).toBe(42);
    expect(ids).toContain("FEED3-SAGE-L");
    expect(xml).not.toMatch(/DRAFT1|GONE1|NOPIC1/);
    expect(xml).toContain("<g:link>https://shop.example/products/feed0?colour=Black</g:link>");
    expect(xml.endsWith("</channel>\n</rss>\n")).toBe(true);
  });

  it("serves the kept feed until the catalogue changes, then builds it again with the change", async () => {
    const first = await feed.open(request);
    const again = await feed.open(request);
    expect(again.etag).toBe(first.etag);
    const kept = fs.readdirSync(cache.dir).filter((f) => f.endsWith(".xml"));
    expect(kept).toHaveLength(1);
    const before = await read(await again.body());

    const sold = makeProduct({ id: "feed0", name: "Feed shirt 0" });
    sold.variants = sold.variants.map((v) => ({ ...v, stock: 0 }));
    await store.products.upsertMany([sold]);
    catalog.invalidate();

    const changed = await feed.open(request);
    expect(changed.etag).not.toBe(first.etag);
    const after = await read(await changed.body());
    const availabilityOf = (xml: string, id: string) =>
      new RegExp(`<g:id>${id}</g:id>[\\s\\S]*?<g:availability>(\\w+)</g:availability>`).exec(xml)?.[1];
    expect(availabilityOf(before, "FEED0-BLACK-S")).toBe("in_stock");
    expect(availabilityOf(after, "FEED0-BLACK-S")).toBe("out_of_stock");
    // The feed of the older catalogue is not kept beside the new one.
    expect(fs.readdirSync(cache.dir).filter((f) => f.endsWith(".xml"))).toHaveLength(1);
  });

  it("keeps a feed per format and target country", async () => {
    const tsv = await read(await (await feed.open({ ...request, format: "tsv" })).body());
    expect(tsv.split("\n")[0].split("\t")).toContain("item_group_id");
    expect(tsv.trimEnd().split("\n")).toHaveLength(43);
    const german = await read(await (await feed.open({ ...request, country: "DE" })).body());
    expect(german).toContain("<g:country>DE</g:country>");
    expect(german).not.toContain("<g:country>IE</g:country>");
  });

  it("keeps nothing of a feed whose reader went away before the end", async () => {
    await store.products.upsertMany([makeProduct({ id: "feed9" })]);
    catalog.invalidate();
    const opened = await feed.open(request);
    const reader = (await opened.body()).getReader();
    await reader.read();
    await reader.cancel();
    const names = fs.readdirSync(cache.dir);
    expect(names.filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(names.some((f) => f.endsWith(`${opened.etag.replaceAll('"', "")}.xml`))).toBe(false);
  });

  it("keeps a gzipped copy of the kept feed that decodes to the same feed, and a new one after a price change", async () => {
    await store.products.upsertMany([makeProduct({ id: "feed1", name: "Feed shirt 1", priceMinor: 2500 })]);
    catalog.invalidate();
    const first = await feed.open(request);
    // Nothing is compressed before the feed of this catalogue version was built.
    expect(await first.gzipped()).toBeNull();
    const plain = await read(await first.body());
    await feed.settled();

    const gzipped = await (await feed.open(request)).gzipped();
    expect(gzipped).not.toBeNull();
    const unzipped = zlib.gunzipSync(Buffer.from(await new Response(gzipped).arrayBuffer())).toString("utf8");
    expect(unzipped).toBe(plain);
    expect(unzipped).toContain("<g:price>25.00 EUR</g:price>");

    await store.products.upsertMany([makeProduct({ id: "feed1", name: "Feed shirt 1", priceMinor: 3100 })]);
    catalog.invalidate();
    const changed = await feed.open(request);
    // The gzipped copy of the older catalogue is not served for the new one.
    expect(await changed.gzipped()).toBeNull();
    const after = await read(await changed.body());
    await feed.settled();
    const zipped = await (await feed.open(request)).gzipped();
    const newer = zlib.gunzipSync(Buffer.from(await new Response(zipped).arrayBuffer())).toString("utf8");
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
});
