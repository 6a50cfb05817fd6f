import type { LoaderFunctionArgs } from "@remix-run/node";
import { getConfig } from "~/server/config.server";
import { CACHE } from "~/server/http/cache.server";

const DISALLOWED = ["/admin", "/cart", "/checkout", "/profile", "/orders"];

export async function loader({ request }: LoaderFunctionArgs) {
  const origin = getConfig().publicUrl ?? new URL(request.url).origin;
  const body = ["User-agent: *", ...DISALLOWED.map((p) => `Disallow: ${p}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE.static },
  });
}
