import { CATEGORIES, type CategoryId } from "~/lib/categories";
import type { Order, OrderStatus } from "~/domain/commerce";
import { keptUnits, lineRevenue, REVENUE_STATUSES } from "../analytics/revenue-rules.server";
import type { CategoryStock } from "./admin-index.server";

// The categories page: the seven static categories with their products by status, units in
// stock, and sales in a period. Sales count orders that were paid (and maybe shipped or
// delivered); pending, failed, cancelled and refunded orders sold nothing — the same rule as
// every other sales report (analytics/revenue-rules, decision 0006).

export const SALE_STATUSES: readonly OrderStatus[] = REVENUE_STATUSES;

export interface CategorySales {
  orders: number;
  units: number;
  revenueMinor: number;
}

export interface CategoryReportRow extends CategoryStock {
  name: string;
  sales: CategorySales | null;
}

/** What the categories page shows: the report over the last `days`. */
export interface CategoryReportView {
  days: number;
  salesAvailable: boolean;
  rows: CategoryReportRow[];
}

export function salesByCategory(
  orders: Order[],
  categoryOf: (productId: string) => CategoryId | null,
): Map<CategoryId, CategorySales> {
  const totals = new Map<CategoryId, CategorySales>(
    CATEGORIES.map((c) => [c.id, { orders: 0, units: 0, revenueMinor: 0 }]),
  );
  for (const order of orders) {
    if (!SALE_STATUSES.includes(order.status)) continue;
    const seen = new Set<CategoryId>();
    for (const line of order.lines) {
      const category = categoryOf(line.productId);
      const t = category ? totals.get(category) : undefined;
      if (!category || !t) continue;
      t.units += keptUnits(order, line);
      t.revenueMinor += lineRevenue(line, order);
      if (!seen.has(category)) t.orders += 1;
      seen.add(category);
    }
  }
  return totals;
}

/** Stock rows with names and, when orders are available, their sales. */
export function categoryReport(
  stock: CategoryStock[],
  sales: Map<CategoryId, CategorySales> | null,
): CategoryReportRow[] {
  return stock.map((row) => ({
    ...row,
    name: CATEGORIES.find((c) => c.id === row.category)?.name ?? row.category,
    sales: sales ? (sales.get(row.category) ?? { orders: 0, units: 0, revenueMinor: 0 }) : null,
  }));
}
