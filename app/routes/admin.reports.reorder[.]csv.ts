import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/server/http/permissions.server";
import { resourceRoute } from "~/server/http/resource-route.server";

// The reorder list (variants with under 14 days of stock left at the last 30 days' rate) as CSV.
export const loader = resourceRoute(async ({ request, context }: LoaderFunctionArgs) => {
  await requirePermission(request, context, "analytics.view");
  const body = await context.shop.analytics.reorderCsv();
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="hemline-reorder-${date}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
});
