import type { LoaderFunctionArgs } from "@remix-run/node";
import { mediaResponse } from "~/server/http/media-response.server";
import { resourceRoute } from "~/server/http/resource-route.server";
import { readBlogImage } from "~/server/media/blog-images.server";

// Uploaded blog covers (PNG, JPEG or WebP), from whichever media store the backend uses.
export const loader = resourceRoute(async ({ params, context }: LoaderFunctionArgs) => {
  return mediaResponse(() => readBlogImage(context.shop.backend.media, params.file ?? ""));
});
