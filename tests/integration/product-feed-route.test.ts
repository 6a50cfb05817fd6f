import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createRouteHarness, type Handler, type RouteHarness } from "../support/route-harness";
import { addTestHooks } from "../support/test-hooks";
import { makeProduct } from "../support/product-factory";

// What Merchant Center sees of /feeds/google.xml after a catalogue change: the previous feed at once
// (its own ETag and Last-Modified) while the new one is built, then the new one. The build is held
// at its first read of the store, so "at once" is proven by an answer that arrives while it is held.

describe("the product feed route after a catalogue change", () => {
  let harness: RouteHarness;
  let loader: Handler;
  let release: () => void = () => undefined;
  const reads = { started: 0 };

  const get = async (headers: Record<string, string> = {}) =>
    (await harness.run(loader, harness.request("/feeds/google.xml", "signed-out", undefined, { headers }))) as Response;

  beforeAll(async () => {
    // Build after every change (the shop waits FEED_REBUILD_SECONDS, tuning.server.ts, between builds).
    addTestHooks("feed-rebuild-seconds=0");
    harness = await createRouteHarness();
    loader = (await import("~/routes/feeds.google[.]xml")).loader as Handler;
    await harness.ctx.backend.store.products.upsertMany([makeProduct({ id: "route-feed1", priceMinor: 2000 })]);
    harness.ctx.catalog.invalidate();
  });

  afterAll(async () => {
    release();
    await harness.ctx.productFeed.settled();
    await harness.close();
  });

  it("answers with the previous feed while the new one is built, and with the change once it is", async () => {
    // The feed built at start may predate the product written above: a fetch queues its rebuild.
    await harness.ctx.productFeed.settled();
    await (await get()).arrayBuffer();
    await harness.ctx.productFeed.settled();
    const first = await get({ "Accept-Encoding": "identity" });
    expect(first.status).toBe(200);
    const before = await first.text();
    expect(before).toContain("<g:id>ROUTE-FEED1-BLACK-S</g:id>");
    const etag = first.headers.get("ETag")!;
    const lastModified = first.headers.get("Last-Modified")!;
    expect(new Date(lastModified).getTime()).not.toBeNaN();

    // Hold the next build at its first read of the store.
    const products = harness.ctx.backend.store.products;
    const feedPage = products.feedPage.bind(products);
    const held = new Promise<void>((resolve) => (release = resolve));
    products.feedPage = async (after, limit) => {
      reads.started++;
      await held;
      return feedPage(after, limit);
    };
    await products.save({ ...(await products.get("route-feed1"))!, priceMinor: 3300 });
    harness.ctx.catalog.invalidate();

    const during = await get({ "Accept-Encoding": "identity" });
    await vi.waitFor(() => expect(reads.started).toBeGreaterThan(0));
    expect(during.status).toBe(200);
    expect(during.headers.get("ETag")).toBe(etag);
    expect(during.headers.get("Last-Modified")).toBe(lastModified);
    expect(await during.text()).toBe(before);
    // A crawler sending the previous ETag back is told it is unchanged: that is what would be sent.
    expect((await get({ "If-None-Match": etag })).status).toBe(304);

    release();
    await harness.ctx.productFeed.settled();
    const after = await get({ "Accept-Encoding": "identity" });
    expect(after.headers.get("ETag")).not.toBe(etag);
    const xml = await after.text();
    expect(/<g:id>ROUTE-FEED1-BLACK-S<\/g:id>[\s\S]*?<g:price>([^<]+)<\/g:price>/.exec(xml)?.[1]).toBe("33.00 EUR");
  });
});
