import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { AppContext } from "../context.server";
import { serverErrors } from "../observability/metrics.server";
import { CACHE } from "./cache.server";
import { answerFeedRequest, feedFormatOf } from "./product-feed-answer.server";
import { commonSecurityHeaders } from "./security-headers.server";

// scripts/server.mjs answers GET and HEAD of /feeds/google.xml and .tsv here, before Remix: the kept
// file is piped to the socket with stream.pipeline, which reads the next piece of the file only once
// the client has taken the last. Through Remix (@remix-run/express's writeReadableStreamToWritable,
// which never waits for `drain`) a slow client of the 1.7 GB feed made the server hold it in memory
// (bench/results/2026-11-27-feed-2.md). The status, headers and body are product-feed-answer's, as
// the Remix routes send them.

/** The request as a web Request: the answer reads its URL (?country=, the origin) and headers. */
function webRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  let url: URL;
  try {
    url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  } catch {
    // A Host header that is no host: the origin then falls back as for any untrusted one.
    url = new URL(req.url ?? "/", "http://localhost");
  }
  return new Request(url, { headers });
}

/** A client gone before the end (closed its connection): nothing left to answer, nothing wrong here. */
const clientLeft = (error: unknown) =>
  (error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE" ||
  (error as NodeJS.ErrnoException).code === "ECONNRESET" ||
  (error as NodeJS.ErrnoException).code === "EPIPE";

async function send(shop: AppContext, req: IncomingMessage, res: ServerResponse, format: "xml" | "tsv") {
  let answer;
  try {
    answer = await answerFeedRequest(shop, format, webRequest(req));
  } catch (error) {
    // As Remix answers a loader's unexpected error: logged, counted, a 500 without details.
    serverErrors.inc();
    console.error(error);
    res.writeHead(500, {
      ...commonSecurityHeaders(),
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": CACHE.none,
    });
    res.end("The product feed could not be sent just now; try again later.\n");
    return;
  }
  const { status, headers, body } = answer;
  res.writeHead(status, headers);
  if (!(body instanceof Readable)) {
    res.end(req.method === "HEAD" ? undefined : (body ?? undefined));
    return;
  }
  if (req.method === "HEAD") {
    body.destroy();
    res.end();
    return;
  }
  try {
    await pipeline(body, res);
  } catch (error) {
    // pipeline has closed the file and the response; a read error is worth a line, a client leaving is not.
    if (!clientLeft(error)) console.error("Sending the product feed failed:", error);
  }
}

/** Express-style middleware for `shop`: answers the feed paths' GET and HEAD, passes anything else on. */
export function createFeedHandler(shop: AppContext) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const format = feedFormatOf((req.url ?? "/").split("?", 1)[0] ?? "/");
    if (!format || (req.method !== "GET" && req.method !== "HEAD")) return next();
    void send(shop, req, res, format);
  };
}
