import { Form } from "@remix-run/react";
import { BASE_CURRENCY, formatMoney } from "~/domain/money";
import { itemSalesNote } from "~/lib/revenue-wording";
import type { CategoryReportView } from "~/server/services/admin-catalog/category-report.server";

export const REPORT_PERIODS = [7, 30, 90, 365] as const;

/** The seven categories with products by status, stock and sales: /admin/categories and /admin/products/categories. */
export function CategoryReport({ report }: { report: CategoryReportView }) {
  const total = report.rows.reduce(
    (t, r) => ({
      draft: t.draft + r.byStatus.draft,
      active: t.active + r.byStatus.active,
      archived: t.archived + r.byStatus.archived,
      units: t.units + r.units,
      orders: t.orders + (r.sales?.orders ?? 0),
      sold: t.sold + (r.sales?.units ?? 0),
      revenue: t.revenue + (r.sales?.revenueMinor ?? 0),
    }),
    { draft: 0, active: 0, archived: 0, units: 0, orders: 0, sold: 0, revenue: 0 },
  );
  const num = (n: number) => n.toLocaleString("en");
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Categories</h1>
      <p className="mt-2 text-sm text-stone-600">
        The shop's seven categories are fixed. Product counts and stock are live; {itemSalesNote()}
      </p>
      <Form method="get" className="mt-6 flex items-end gap-2">
        <div>
          <label htmlFor="report-days" className="block text-sm font-medium">
            Sales period
          </label>
          <select id="report-days" name="days" defaultValue={String(report.days)} className="input mt-1">
            {REPORT_PERIODS.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Show
        </button>
      </Form>
      {report.salesAvailable ? null : (
        <p className="mt-4 text-sm text-amber-800">
          Sales are not available yet: orders are not connected to this page.
        </p>
      )}
      <div className="mt-6 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Products, stock and sales per category</caption>
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col" className="py-2 pr-4">
                Category
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Active
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Draft
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Archived
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Units in stock
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Orders
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Units sold
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Sales
              </th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((r) => (
              <tr key={r.category} className="border-b border-stone-200">
                <th scope="row" className="py-2 pr-4 font-medium">
                  <a href={`/admin/products?category=${r.category}`} className="underline">
                    {r.name}
                  </a>
                </th>
                <td className="py-2 pr-4 text-right">{num(r.byStatus.active)}</td>
                <td className="py-2 pr-4 text-right">{num(r.byStatus.draft)}</td>
                <td className="py-2 pr-4 text-right">{num(r.byStatus.archived)}</td>
                <td className="py-2 pr-4 text-right">{num(r.units)}</td>
                <td className="py-2 pr-4 text-right">{r.sales ? num(r.sales.orders) : "—"}</td>
                <td className="py-2 pr-4 text-right">{r.sales ? num(r.sales.units) : "—"}</td>
                <td className="py-2 pr-4 text-right">
                  {r.sales ? formatMoney(r.sales.revenueMinor, BASE_CURRENCY) : "—"}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className="py-2 pr-4">
                All categories
              </th>
              <td className="py-2 pr-4 text-right">{num(total.active)}</td>
              <td className="py-2 pr-4 text-right">{num(total.draft)}</td>
              <td className="py-2 pr-4 text-right">{num(total.archived)}</td>
              <td className="py-2 pr-4 text-right">{num(total.units)}</td>
              <td className="py-2 pr-4 text-right">{report.salesAvailable ? num(total.orders) : "—"}</td>
              <td className="py-2 pr-4 text-right">{report.salesAvailable ? num(total.sold) : "—"}</td>
              <td className="py-2 pr-4 text-right">
                {report.salesAvailable ? formatMoney(total.revenue, BASE_CURRENCY) : "—"}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
