import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseAdminProductQuery } from "~/lib/admin-product-query";
import { resourceRoute } from "~/server/http/resource-route.server";
import { requirePermission } from "~/server/http/permissions.server";

// The products of the list's current filters (search, category, status, stock, sort) as CSV,
// one line per size × colour; the import page reads the same columns back.
export const loader = resourceRoute(async ({ request, context }: LoaderFunctionArgs) => {
  await requirePermission(request, context, "catalogue.view");
  const { page: _page, ...query } = parseAdminProductQuery(new URL(request.url).searchParams);
  const body = await context.shop.adminCatalog.exportCsv(query);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="hemline-products-${date}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
});
