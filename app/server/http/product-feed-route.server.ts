import type { LoaderFunctionArgs } from "@remix-run/node";
import { Readable } from "node:stream";
import type { FeedFormat } from "../services/feed/feed-format.server";
import { answerFeedRequest } from "./product-feed-answer.server";
import { resourceRoute } from "./resource-route.server";

// The loader of /feeds/google.xml and /feeds/google.tsv, for a server that sends them through Remix
// (the route harness). scripts/server.mjs answers these paths before Remix, with the same answer
// (product-feed-handler.server.ts): Remix writes a body without waiting for a slow client.
export function productFeedLoader(format: FeedFormat) {
  return resourceRoute(async ({ request, context }: LoaderFunctionArgs) => {
    const { status, headers, body } = await answerFeedRequest(context.shop, format, request);
    const web = body instanceof Readable ? (Readable.toWeb(body) as unknown as ReadableStream<Uint8Array>) : body;
    return new Response(web, { status, headers });
  });
}
