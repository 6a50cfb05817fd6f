import type { LoaderFunctionArgs } from "@remix-run/node";
import { CACHE } from "~/server/http/cache.server";
import { publicOrigin } from "~/server/http/public-origin.server";
import { resourceRoute } from "~/server/http/resource-route.server";

const DISALLOWED = ["/admin", "/cart", "/checkout", "/profile", "/orders"];

export const loader = resourceRoute(async ({ request }: LoaderFunctionArgs) => {
  const origin = publicOrigin(request);
  const body = [
    "User-agent: *",
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE.static },
  });
});
