import type { LoaderFunctionArgs } from "@remix-run/node";
import { getContext } from "../context.server";
import { FEED_CONTENT_TYPES, type FeedFormat } from "../services/feed/feed-format.server";
import { FeedUnavailableError } from "../services/feed/product-feed.server";
import { acceptsGzip } from "./accept-encoding.server";
import { CACHE } from "./cache.server";
import { publicOrigin } from "./public-origin.server";
import { resourceRoute } from "./resource-route.server";

// The loader of /feeds/google.xml and /feeds/google.tsv: ?country=XX targets another delivery
// country (FEED_COUNTRY by default). A crawler that sends the ETag back gets 304 until the catalogue changes.
export function productFeedLoader(format: FeedFormat) {
  return resourceRoute(async ({ request }: LoaderFunctionArgs) => {
    const { productFeed, config, shipping } = getContext();
    const askedCountry = new URL(request.url).searchParams.get("country");
    const country = askedCountry === null ? config.feed.country : askedCountry.toUpperCase();
    // The countries the shipping zones deliver to, as checkout offers them.
    const countries = (await shipping.countries()).map((c) => c.code);
    if (!countries.includes(country)) {
      return new Response(
        `Unknown country "${askedCountry}": use the two-letter code of a country the shop delivers to (${countries.join(", ")}).\n`,
        { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE.none } },
      );
    }
    let feed;
    try {
      feed = await productFeed.open({ format, country, origin: publicOrigin(request, config) });
    } catch (error) {
      // Only a feed never built before is waited for; when that build fails there is nothing to send.
      if (!(error instanceof FeedUnavailableError)) throw error;
      console.error(error);
      return new Response("The product feed is being prepared and could not be built just now; try again later.\n", {
        status: 503,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE.none, "Retry-After": "300" },
      });
    }
    // The gzipped copy has its own ETag (other bytes); either one sent back means "unchanged".
    const gzipEtag = feed.etag.replace(/"$/, '-gz"');
    const headers = {
      "Content-Type": FEED_CONTENT_TYPES[format],
      "Cache-Control": CACHE.short,
      Vary: "Accept-Encoding",
      // When the feed sent was built: after a catalogue change, the previous feed is sent while the next is built.
      "Last-Modified": feed.builtAt.toUTCString(),
    };
    const asked = request.headers.get("If-None-Match");
    if (asked === feed.etag || asked === gzipEtag) {
      await feed.close();
      const gzipped = acceptsGzip(request.headers.get("Accept-Encoding")) && asked === gzipEtag;
      return new Response(null, { status: 304, headers: { ...headers, ETag: gzipped ? gzipEtag : feed.etag } });
    }
    const gzip = acceptsGzip(request.headers.get("Accept-Encoding")) ? await feed.gzipped() : null;
    // Content-Encoding set here also keeps the server's compression middleware from compressing it again.
    if (gzip) return new Response(gzip, { headers: { ...headers, ETag: gzipEtag, "Content-Encoding": "gzip" } });
    return new Response(feed.body(), { headers: { ...headers, ETag: feed.etag } });
  });
}
