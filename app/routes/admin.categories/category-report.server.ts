import type { AppLoadContext } from "@remix-run/node";
import type { CategoryReportView } from "~/server/services/admin-catalog/category-report.server";
import { requirePermission } from "~/server/http/permissions.server";

const PERIODS = [7, 30, 90, 365];

/** The loader of /admin/categories and /admin/products/categories (the same page at both addresses). */
export async function categoryReportLoader(request: Request, context: AppLoadContext): Promise<CategoryReportView> {
  await requirePermission(request, context, "catalogue.view");
  const requested = Number(new URL(request.url).searchParams.get("days"));
  const days = PERIODS.includes(requested) ? requested : 30;
  const report = await context.shop.adminCatalog.categoryReport(days);
  return { days, ...report };
}
