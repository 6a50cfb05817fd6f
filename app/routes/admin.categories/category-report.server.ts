import type { CategoryReportView } from "~/server/services/admin-catalog/category-report.server";
import { getContext } from "~/server/context.server";
import { requirePermission } from "~/server/http/permissions.server";

const PERIODS = [7, 30, 90, 365];

/** The loader of /admin/categories and /admin/products/categories (the same page at both addresses). */
export async function categoryReportLoader(request: Request): Promise<CategoryReportView> {
  await requirePermission(request, "catalogue.view");
  const requested = Number(new URL(request.url).searchParams.get("days"));
  const days = PERIODS.includes(requested) ? requested : 30;
  const report = await getContext().adminCatalog.categoryReport(days);
  return { days, ...report };
}
