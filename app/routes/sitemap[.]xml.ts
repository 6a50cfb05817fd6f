import type { LoaderFunctionArgs } from "@remix-run/node";
import { CATEGORIES } from "~/lib/categories";
import { INFO_PAGES } from "~/lib/info-pages";
import { publicOrigin } from "~/server/http/public-origin.server";
import { CACHE } from "~/server/http/cache.server";
import { resourceRoute } from "~/server/http/resource-route.server";

// Sitemaps hold at most 50,000 URLs; a larger catalogue would need a sitemap index.
const MAX_URLS = 50_000;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const loader = resourceRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { blog, catalog, config } = context.shop;
  const origin = publicOrigin(request, config);
  const paths = [
    "/",
    "/products",
    ...CATEGORIES.map((c) => `/products?category=${c.slug}`),
    ...INFO_PAGES.map((p) => p.path),
    "/blog",
    ...(await blog.feed(1000)).map((p) => `/blog/${p.slug}`),
  ];
  const products = await catalog.sitemapProducts();
  for (const p of products) {
    if (paths.length >= MAX_URLS) break;
    paths.push(`/products/${p.id}`);
  }
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => `  <url><loc>${escapeXml(origin + p)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE.short },
  });
});
