import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseAdminProductQuery } from "~/lib/admin-product-query";
import { requireAdmin } from "~/server/auth/session.server";
import { getContext } from "~/server/context.server";
import { commonSecurityHeaders } from "~/server/http/security-headers.server";

// The products of the list's current filters (search, category, status, stock, sort) as CSV,
// one line per size × colour; the import page reads the same columns back.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { page: _page, ...query } = parseAdminProductQuery(new URL(request.url).searchParams);
  const body = await getContext().adminCatalog.exportCsv(query);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      ...commonSecurityHeaders(),
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="hemline-products-${date}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
