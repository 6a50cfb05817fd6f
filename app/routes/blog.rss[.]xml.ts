import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicOrigin } from "~/server/http/public-origin.server";
import { CACHE } from "~/server/http/cache.server";
import { resourceRoute } from "~/server/http/resource-route.server";

// RSS 2.0 feed of the public posts, newest first. Every text is XML-escaped.

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const loader = resourceRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { blog, config } = context.shop;
  const origin = publicOrigin(request, config);
  const posts = await blog.feed(50);
  const items = posts.map((p) => {
    const link = `${origin}/blog/${p.slug}`;
    return [
      "    <item>",
      `      <title>${escapeXml(p.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${new Date(p.publishAt!).toUTCString()}</pubDate>`,
      `      <description>${escapeXml(p.excerpt)}</description>`,
      ...p.tags.map((t) => `      <category>${escapeXml(t)}</category>`),
      "    </item>",
    ].join("\n");
  });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(`${config.shopName} blog`)}</title>`,
    `    <link>${escapeXml(`${origin}/blog`)}</link>`,
    `    <atom:link href="${escapeXml(`${origin}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    "    <description>Styling guides, care tips and news of our collections.</description>",
    "    <language>en</language>",
    ...(posts[0]?.publishAt
      ? [`    <lastBuildDate>${new Date(posts[0].publishAt).toUTCString()}</lastBuildDate>`]
      : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": CACHE.short },
  });
});
