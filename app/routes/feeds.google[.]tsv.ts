import { productFeedLoader } from "~/server/http/product-feed-route.server";

// Google Merchant Center product feed as tab-separated text, one item per variant.
export const loader = productFeedLoader("tsv");
