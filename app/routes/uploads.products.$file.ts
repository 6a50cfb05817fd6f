import type { LoaderFunctionArgs } from "@remix-run/node";
import { getContext } from "~/server/context.server";
import { CACHE } from "~/server/http/cache.server";
import { commonSecurityHeaders } from "~/server/http/security-headers.server";
import { readProductImage } from "~/server/media/product-images.server";

// Uploaded product photos (WebP). Names are random and never reused, so a file can be cached forever.
export async function loader({ params }: LoaderFunctionArgs) {
  const bytes = await readProductImage(getContext().config.dataDir, params.file ?? "");
  if (!bytes) return new Response("Not found", { status: 404, headers: { ...commonSecurityHeaders(), "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(bytes), {
    headers: {
      ...commonSecurityHeaders(),
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.length),
      "Cache-Control": CACHE.immutable,
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}
