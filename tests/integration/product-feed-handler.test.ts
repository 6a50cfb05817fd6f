import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import path from "node:path";
import { once } from "node:events";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createRouteHarness, type Handler, type RouteHarness } from "../support/route-harness";
import { addTestHooks } from "../support/test-hooks";

// The product feed as the production server sends it (scripts/server.mjs puts createFeedHandler's middleware
// before Remix), over a real HTTP server: a client that stops reading does not make the server
// hold the feed in memory, and every answer (ETag, 304, gzip, 400) is the one the Remix route gives.

/** Products in the catalogue: enough for a feed (~50 MB) far larger than the kernel's socket buffers. */
const PRODUCTS = 3000;

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

describe("the product feed sent by the production server's handler", () => {
  let harness: RouteHarness;
  let server: http.Server;
  let port = 0;
  let routeLoader: Handler;
  /** The server side of each response, newest last: what the server holds for a client. */
  const responses: http.ServerResponse[] = [];

  /** A request as a client sends it; the body as it came over the wire (gzip not decoded). */
  const get = (pathname: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<Raw>((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port, path: pathname, method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on("error", reject);
      });
      request.on("error", reject);
      request.end();
    });

  /** The same request answered by the Remix route (what the dev harness and a Remix-only server send). */
  const viaRoute = async (pathname: string, headers: Record<string, string> = {}) => {
    const response = (await harness.run(
      routeLoader,
      harness.request(pathname, "signed-out", undefined, { headers }),
    )) as Response;
    return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
  };

  /** The kept file a response's ETag names. */
  const keptFile = (etag: string) => {
    const dir = path.join(process.env.DATA_DIR!, "cache", "feeds");
    const key = etag.replaceAll('"', "").replace(/-gz$/, "");
    const name = fs.readdirSync(dir).find((n) => n.endsWith(`-${key}.xml`));
    if (!name) throw new Error(`no kept file for ${etag}`);
    return path.join(dir, name);
  };

  beforeAll(async () => {
    // Build after every change (the shop waits FEED_REBUILD_SECONDS, tuning.server.ts, between builds).
    addTestHooks("feed-rebuild-seconds=0");
    harness = await createRouteHarness();
    const { seedLarge } = await import("~/server/seed/seed.server");
    await seedLarge(harness.ctx.backend.store, PRODUCTS, () => undefined);
    harness.ctx.catalog.invalidate();
    routeLoader = (await import("~/routes/feeds.google[.]xml")).loader as Handler;
    const { createFeedHandler } = await import("~/server/http/product-feed-handler.server");
    const handleFeedRequest = createFeedHandler(harness.ctx);
    server = http.createServer((req, res) => {
      responses.push(res);
      handleFeedRequest(req, res, () => {
        res.statusCode = 404;
        res.end("not a feed\n");
      });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as AddressInfo).port;
    // The feed built at start predates the large catalogue: a fetch queues its rebuild; then its gzip.
    await harness.ctx.productFeed.settled();
    await get("/feeds/google.xml");
    await harness.ctx.productFeed.settled();
  }, 180_000);

  afterAll(async () => {
    server?.closeAllConnections();
    server?.close();
    await harness?.ctx.productFeed.settled();
    await harness?.close();
  });

  it("holds little for a client that stops reading, and sends the whole kept feed when it reads again", async () => {
    const plain = await get("/feeds/google.xml", { "Accept-Encoding": "identity" }, "HEAD");
    const file = keptFile(String(plain.headers.etag));
    const kept = fs.readFileSync(file);
    expect(kept.length).toBeGreaterThan(30e6);

    // A client that sends its request and then reads nothing from its socket.
    const answered = responses.length;
    const socket = net.connect(port, "127.0.0.1");
    await once(socket, "connect");
    socket.pause();
    socket.write(
      "GET /feeds/google.xml HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n",
    );
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    const ended = once(socket, "end");

    // Wait until the server has stopped sending (the kernel's buffers between the two are full):
    // the bytes it handed its socket no longer move and its response waits for `drain`; or until
    // it has handed over the whole feed (what a server that does not wait for `drain` does).
    await vi.waitFor(() => expect(responses.length).toBe(answered + 1));
    const response = responses[answered];
    let seen = -1;
    await vi.waitFor(
      () => {
        const now = response.socket?.bytesWritten ?? -1;
        const still = (now === seen && response.writableNeedDrain) || now >= kept.length;
        seen = now;
        if (!still) throw new Error(`the server is still sending (${now} bytes so far)`);
      },
      { timeout: 60_000, interval: 300 },
    );
    // What the server holds in memory for this client: a piece of the file, not the feed.
    expect(response.writableLength).toBeLessThan(1e6);
    // It has read and sent (to the kernel) only the start of the feed.
    expect(seen).toBeLessThan(kept.length / 2);
    expect(chunks).toHaveLength(0);

    socket.resume();
    await ended;
    const raw = Buffer.concat(chunks);
    const split = raw.indexOf("\r\n\r\n");
    const head = raw.subarray(0, split).toString("latin1");
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head.toLowerCase()).toContain(`content-length: ${kept.length}`);
    expect(Buffer.compare(raw.subarray(split + 4), kept)).toBe(0);
  }, 120_000);

  it("lets a client hang up mid-feed without an error logged, and answers the next one whole", async () => {
    const errors = vi.spyOn(console, "error");
    try {
      const answered = responses.length;
      const socket = net.connect(port, "127.0.0.1");
      await once(socket, "connect");
      socket.write("GET /feeds/google.xml HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n");
      // Some of the feed has arrived: hang up.
      await once(socket, "data");
      socket.destroy();
      await vi.waitFor(() => expect(responses.length).toBe(answered + 1));
      const cut = responses[answered];
      if (!cut.closed) await once(cut, "close");
      expect(cut.writableFinished).toBe(false);
      expect(errors.mock.calls.filter((call) => String(call[0]).includes("product feed"))).toEqual([]);
    } finally {
      errors.mockRestore();
    }
    const whole = await get("/feeds/google.xml", { "Accept-Encoding": "identity" });
    expect(whole.status).toBe(200);
    expect(whole.body.length).toBe(Number(whole.headers["content-length"]));
  }, 120_000);

  it("answers ETag, 304, gzip, HEAD and a wrong country exactly as the Remix route does", async () => {
    const compared = ["content-type", "cache-control", "vary", "last-modified", "etag", "content-encoding"];
    const same = async (pathname: string, headers: Record<string, string>) => {
      const sent = await get(pathname, headers);
      const routed = await viaRoute(pathname, headers);
      expect(sent.status).toBe(routed.status);
      for (const name of compared) expect(sent.headers[name] ?? null, name).toBe(routed.headers.get(name));
      expect(Buffer.compare(sent.body, routed.body)).toBe(0);
      return sent;
    };

    const plain = await same("/feeds/google.xml", { "Accept-Encoding": "identity" });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-type"]).toContain("application/xml");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["x-content-type-options"]).toBe("nosniff");
    expect(Buffer.compare(plain.body, fs.readFileSync(keptFile(String(plain.headers.etag))))).toBe(0);

    const unchanged = await same("/feeds/google.xml", { "If-None-Match": String(plain.headers.etag) });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toHaveLength(0);

    // The kept gzipped copy, sent as it is: its own ETag, the same feed once decoded.
    const zipped = await same("/feeds/google.xml", { "Accept-Encoding": "gzip, deflate" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    expect(Number(zipped.headers["content-length"])).toBe(zipped.body.length);
    expect(Buffer.compare(zlib.gunzipSync(zipped.body), plain.body)).toBe(0);
    const zippedUnchanged = await same("/feeds/google.xml", {
      "Accept-Encoding": "gzip",
      "If-None-Match": String(zipped.headers.etag),
    });
    expect(zippedUnchanged.status).toBe(304);
    expect(zippedUnchanged.headers.etag).toBe(zipped.headers.etag);

    const refused = await same("/feeds/google.xml?country=US", {});
    expect(refused.status).toBe(400);
    expect(refused.body.toString()).toContain('Unknown country "US"');

    // HEAD: the headers of the feed, no body.
    const head = await get("/feeds/google.xml", { "Accept-Encoding": "identity" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(plain.headers.etag);
    expect(head.headers["content-length"]).toBe(String(plain.body.length));
    expect(head.body).toHaveLength(0);
  }, 120_000);

  it("passes other paths and methods on", async () => {
    expect((await get("/feeds/other.xml")).status).toBe(404);
    expect((await get("/feeds/google.xml", {}, "POST")).status).toBe(404);
  });
});
