import type { LoaderFunctionArgs } from "@remix-run/node";
import crypto from "node:crypto";
import { getConfig } from "~/server/config.server";
import { resourceRoute } from "~/server/http/resource-route.server";
import { METRICS_CONTENT_TYPE, metricsText } from "~/server/observability/metrics.server";

// Prometheus' scrape target. It exists only for a scraper holding METRICS_TOKEN: anyone else,
// and everyone when no token is configured, gets the same 404 as any unknown path.

function holdsToken(request: Request, token: string): boolean {
  const sent = request.headers.get("Authorization")?.match(/^Bearer\s+(\S+)$/)?.[1];
  if (!sent) return false;
  const a = crypto.createHash("sha256").update(sent).digest();
  const b = crypto.createHash("sha256").update(token).digest();
  return crypto.timingSafeEqual(a, b);
}

export const loader = resourceRoute(async ({ request }: LoaderFunctionArgs) => {
  const token = getConfig().metricsToken;
  if (!token || !holdsToken(request, token))
    return new Response("Not Found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(await metricsText(), {
    headers: { "Content-Type": METRICS_CONTENT_TYPE, "Cache-Control": "no-store" },
  });
});
