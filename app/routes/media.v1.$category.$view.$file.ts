import type { LoaderFunctionArgs } from "@remix-run/node";
import { isCategoryId } from "~/lib/categories";
import { CACHE } from "~/server/http/cache.server";
import { resourceRoute } from "~/server/http/resource-route.server";
import { isGarmentView, renderGarmentSvg } from "~/server/media/garment-svg.server";

// Generated product illustrations: /media/v1/{category}/{view}/{rrggbb}.svg. The drawing is a
// pure function of the URL, and "v1" changes whenever the drawing does, so it is cached forever.
export const loader = resourceRoute(async ({ params }: LoaderFunctionArgs) => {
  const { category, view, file } = params;
  const hex = /^([0-9a-f]{6})\.svg$/.exec(file ?? "")?.[1];
  if (!isCategoryId(category) || !view || !isGarmentView(view) || !hex) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const svg = renderGarmentSvg({ category, view, colour: `#${hex}` });
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": CACHE.immutable,
      // An SVG opened on its own must not run anything.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
});
