import type { LoaderFunctionArgs } from "@remix-run/node";
import { mediaResponse } from "~/server/http/media-response.server";
import { resourceRoute } from "~/server/http/resource-route.server";
import { readProductImage } from "~/server/media/product-images.server";

// Uploaded product photos (WebP), from whichever media store the backend uses.
export const loader = resourceRoute(async ({ params, context }: LoaderFunctionArgs) => {
  return mediaResponse(() => readProductImage(context.shop.backend.media, params.file ?? ""));
});
