import type { LoaderFunctionArgs } from "@remix-run/node";
import { getContext } from "~/server/context.server";
import { mediaResponse } from "~/server/http/media-response.server";
import { resourceRoute } from "~/server/http/resource-route.server";
import { readProductImage } from "~/server/media/product-images.server";

// Uploaded product photos (WebP), from whichever media store the backend uses.
export const loader = resourceRoute(async ({ params }: LoaderFunctionArgs) => {
  return mediaResponse(() => readProductImage(getContext().backend.media, params.file ?? ""));
});
