import type { LoaderFunctionArgs } from "@remix-run/node";
import { getContext } from "~/server/context.server";
import { mediaResponse } from "~/server/http/media-response.server";
import { readProductImage } from "~/server/media/product-images.server";

// Uploaded product photos (WebP), from whichever media store the backend uses.
export async function loader({ params }: LoaderFunctionArgs) {
  return mediaResponse(() => readProductImage(getContext().backend.media, params.file ?? ""));
}
