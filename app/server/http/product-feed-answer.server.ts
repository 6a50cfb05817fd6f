import type { Readable } from "node:stream";
import type { AppContext } from "../context.server";

type FeedShop = Pick<AppContext, "productFeed" | "config" | "shipping">;
import { FEED_CONTENT_TYPES, type FeedFormat } from "../services/feed/feed-format.server";
import { FeedUnavailableError } from "../services/feed/product-feed.server";
import { FeedStorageUnavailableError } from "../feed-files/port";
import { acceptsGzip } from "./accept-encoding.server";
import { CACHE } from "./cache.server";
import { publicOrigin } from "./public-origin.server";
import { commonSecurityHeaders } from "./security-headers.server";

// What /feeds/google.xml and /feeds/google.tsv answer: status, headers and body, decided once here
// for both ways a feed is sent: the production server's own handler (product-feed-handler.server.ts,
// which pipes the kept file with backpressure) and the Remix routes (which the route harness calls).
// ?country=XX targets another delivery country (FEED_COUNTRY by default). A crawler that sends the
// ETag back gets 304 until the catalogue changes.

export interface FeedAnswer {
  status: number;
  headers: Record<string, string>;
  /** A message, the kept feed's bytes (already opened: the caller sends or destroys it), or none (304). */
  body: string | Readable | null;
}

const FEED_PATHS: Record<string, FeedFormat> = { "/feeds/google.xml": "xml", "/feeds/google.tsv": "tsv" };

/** The feed a path names, or null when it names none. */
export function feedFormatOf(pathname: string): FeedFormat | null {
  return FEED_PATHS[pathname] ?? null;
}

const text = (status: number, message: string, extra: Record<string, string> = {}): FeedAnswer => ({
  status,
  headers: {
    ...commonSecurityHeaders(),
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": CACHE.none,
    ...extra,
  },
  body: message,
});

/** The 503 for a feed that cannot be sent now (never built, or its storage unreachable); null for any other error. */
export function feedUnavailableAnswer(error: unknown): FeedAnswer | null {
  // A dependency that is down: the crawler is told when to come back, not given a 500.
  if (error instanceof FeedStorageUnavailableError)
    return text(503, "The product feed cannot be read just now; try again in a minute.\n", { "Retry-After": "60" });
  // Only a feed never built before is waited for; when that build fails there is nothing to send.
  if (error instanceof FeedUnavailableError)
    return text(503, "The product feed is being prepared and could not be built just now; try again later.\n", {
      "Retry-After": "300",
    });
  return null;
}

export async function answerFeedRequest(shop: FeedShop, format: FeedFormat, request: Request): Promise<FeedAnswer> {
  try {
    return await answerFeed(shop, format, request);
  } catch (error) {
    const unavailable = feedUnavailableAnswer(error);
    if (!unavailable) throw error;
    console.error(error);
    return unavailable;
  }
}

async function answerFeed(shop: FeedShop, format: FeedFormat, request: Request): Promise<FeedAnswer> {
  const { productFeed, config, shipping } = shop;
  const askedCountry = new URL(request.url).searchParams.get("country");
  const country = askedCountry === null ? config.feed.country : askedCountry.toUpperCase();
  // The countries the shipping zones deliver to, as checkout offers them.
  const countries = (await shipping.countries()).map((c) => c.code);
  if (!countries.includes(country)) {
    return text(
      400,
      `Unknown country "${askedCountry}": use the two-letter code of a country the shop delivers to (${countries.join(", ")}).\n`,
    );
  }
  const feed = await productFeed.open({ format, country, origin: publicOrigin(request, config) });
  // The gzipped copy has its own ETag (other bytes); either one sent back means "unchanged".
  const gzipEtag = feed.etag.replace(/"$/, '-gz"');
  const headers = {
    ...commonSecurityHeaders(),
    "Content-Type": FEED_CONTENT_TYPES[format],
    "Cache-Control": CACHE.short,
    Vary: "Accept-Encoding",
    // When the feed sent was built: after a catalogue change, the previous feed is sent while the next is built.
    "Last-Modified": feed.builtAt.toUTCString(),
  };
  const takesGzip = acceptsGzip(request.headers.get("Accept-Encoding"));
  const asked = request.headers.get("If-None-Match");
  if (asked === feed.etag || asked === gzipEtag) {
    await feed.close();
    const etag = takesGzip && asked === gzipEtag ? gzipEtag : feed.etag;
    return { status: 304, headers: { ...headers, ETag: etag }, body: null };
  }
  const gzip = takesGzip ? await feed.gzipped() : null;
  // Content-Encoding set here also keeps a compression middleware from compressing it again.
  if (gzip) {
    const sized = { ...headers, ETag: gzipEtag, "Content-Encoding": "gzip", "Content-Length": String(gzip.size) };
    return { status: 200, headers: sized, body: gzip.stream };
  }
  return {
    status: 200,
    headers: { ...headers, ETag: feed.etag, "Content-Length": String(feed.size) },
    body: feed.body(),
  };
}
