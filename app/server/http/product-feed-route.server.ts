import type { LoaderFunctionArgs } from "@remix-run/node";
import { getContext } from "../context.server";
import { FEED_CONTENT_TYPES, type FeedFormat } from "../services/feed/feed-format.server";
import { CACHE } from "./cache.server";
import { publicOrigin } from "./public-origin.server";
import { resourceRoute } from "./resource-route.server";

// The loader of /feeds/google.xml and /feeds/google.tsv: ?country=XX targets another delivery
// country (FEED_COUNTRY by default). A crawler that sends the ETag back gets 304 until the catalogue changes.
export function productFeedLoader(format: FeedFormat) {
  return resourceRoute(async ({ request }: LoaderFunctionArgs) => {
    const { productFeed, config, shipping } = getContext();
    const asked = new URL(request.url).searchParams.get("country");
    const country = asked === null ? config.feed.country : asked.toUpperCase();
    // The countries the shipping zones deliver to, as checkout offers them.
    const countries = (await shipping.countries()).map((c) => c.code);
    if (!countries.includes(country)) {
      return new Response(
        `Unknown country "${asked}": use the two-letter code of a country the shop delivers to (${countries.join(", ")}).\n`,
        { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE.none } },
      );
    }
    const feed = await productFeed.open({ format, country, origin: publicOrigin(request, config) });
    const headers = { "Content-Type": FEED_CONTENT_TYPES[format], "Cache-Control": CACHE.short, ETag: feed.etag };
    if (request.headers.get("If-None-Match") === feed.etag) return new Response(null, { status: 304, headers });
    return new Response(await feed.body(), { headers });
  });
}
