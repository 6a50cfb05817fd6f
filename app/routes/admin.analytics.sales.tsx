import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { BASE_CURRENCY, formatMoney } from "~/domain/money";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage, AdminSection } from "~/components/admin/AdminPage";
import { BarChart } from "~/components/admin/charts/BarChart";
import { HorizontalBarChart } from "~/components/admin/charts/HorizontalBarChart";
import { DateRangeForm } from "~/components/admin/DateRangeForm";
import { GranularityLinks } from "~/components/admin/GranularityLinks";
import { formatCount } from "~/lib/admin-format";
import { axisMoney, categoryLabel } from "~/lib/chart-format";
import { seo } from "~/lib/seo";
import { reportQuery } from "~/server/http/admin-query.server";
import { requirePermission } from "~/server/http/permissions.server";

// The reports sum orders at base prices: every figure is in the shop's base currency.
const baseMoney = (minor: number) => formatMoney(minor, BASE_CURRENCY);

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Sales", description: "Revenue over time, by category and product.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "analytics.view");
  const { window, by, fromDay, toDay, problems } = reportQuery(request, 90);
  const report = await context.shop.analytics.sales(window, by);
  return data({ report, by, fromDay, toDay, problems }, { status: problems.length ? 400 : 200 });
}

export default function SalesAnalytics() {
  const { report, by, fromDay, toDay, problems } = useLoaderData<typeof loader>();
  const unit = by === "day" ? "Day" : by === "week" ? "Week" : "Month";
  return (
    <AdminPage title="Sales" back={{ to: "/admin/analytics", label: "Analytics" }} problems={problems}>
      <DateRangeForm fromDay={fromDay} toDay={toDay}>
        <input type="hidden" name="by" value={by} />
      </DateRangeForm>
      <GranularityLinks path="/admin/analytics/sales" current={by} fromDay={fromDay} toDay={toDay} />

      <dl className="mt-6 grid gap-3 sm:grid-cols-3">
        <div className="rounded-lg border border-stone-200 p-4">
          <dt className="text-sm text-stone-600">Revenue</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">
            {formatMoney(report.totals.revenueMinor, BASE_CURRENCY)}
          </dd>
        </div>
        <div className="rounded-lg border border-stone-200 p-4">
          <dt className="text-sm text-stone-600">Orders</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">{formatCount(report.totals.orders)}</dd>
        </div>
        <div className="rounded-lg border border-stone-200 p-4">
          <dt className="text-sm text-stone-600">Average order value</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">
            {formatMoney(report.totals.aovMinor, BASE_CURRENCY)}
          </dd>
        </div>
      </dl>

      <AdminSection id="over-time-heading" title="Revenue over time">
        <div className="grid gap-6">
          <BarChart
            title={`Revenue by ${by}`}
            data={report.overTime.map((p) => ({ label: p.label, value: p.revenueMinor }))}
            format={baseMoney}
            formatTick={axisMoney}
            labelHeading={unit}
            valueHeading="Revenue"
          />
          <BarChart
            title={`Average order value by ${by}`}
            data={report.overTime.map((p) => ({ label: p.label, value: p.aovMinor }))}
            format={baseMoney}
            formatTick={axisMoney}
            labelHeading={unit}
            valueHeading="Average order value"
          />
        </div>
      </AdminSection>

      <AdminSection id="category-heading" title="Revenue by category">
        <HorizontalBarChart
          title="Revenue by category (items, without delivery)"
          data={report.byCategory.map((c) => ({ label: categoryLabel(c.category), value: c.revenueMinor }))}
          format={baseMoney}
          labelHeading="Category"
          valueHeading="Revenue"
        />
      </AdminSection>

      <AdminSection id="top-heading" title="Top products">
        <HorizontalBarChart
          title="Top products by revenue"
          data={report.topProducts.map((p) => ({ label: p.name, value: p.revenueMinor }))}
          format={baseMoney}
          labelHeading="Product"
          valueHeading="Revenue"
        />
        {report.topProducts.length ? (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Top products with units and orders</caption>
              <thead>
                <tr className="border-b border-stone-300">
                  <th scope="col" className="py-2 pr-4">
                    Product
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right">
                    Units
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right">
                    Orders
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Revenue
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.topProducts.map((p) => (
                  <tr key={p.productId} className="border-b border-stone-200">
                    <td className="py-2 pr-4">{p.name}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">{formatCount(p.units)}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">{formatCount(p.orders)}</td>
                    <td className="py-2 text-right tabular-nums">{formatMoney(p.revenueMinor, BASE_CURRENCY)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </AdminSection>
    </AdminPage>
  );
}
