import { productFeedLoader } from "~/server/http/product-feed-route.server";

// Google Merchant Center product feed (RSS 2.0 with the g: namespace), one item per variant.
export const loader = productFeedLoader("xml");
