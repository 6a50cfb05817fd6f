import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { BASE_CURRENCY, formatMoney } from "~/domain/money";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage, AdminSection } from "~/components/admin/AdminPage";
import { OrdersByStatus } from "~/components/admin/OrdersByStatus";
import { BarChart } from "~/components/admin/charts/BarChart";
import { DateRangeForm } from "~/components/admin/DateRangeForm";
import { formatCount, formatPercent } from "~/lib/admin-format";
import { axisMoney } from "~/lib/chart-format";
import { seo } from "~/lib/seo";
import { parseDateRange } from "~/server/http/admin-query.server";
import { requirePermission } from "~/server/http/permissions.server";

// The reports sum orders at base prices: every figure is in the shop's base currency.
const baseMoney = (minor: number) => formatMoney(minor, BASE_CURRENCY);

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Analytics", description: "Sales, orders and customers over time.", noindex: true });

const REPORTS = [
  {
    path: "/admin/analytics/sales",
    title: "Sales",
    text: "Revenue by day, week or month; by category; top products; average order value.",
  },
  {
    path: "/admin/orders/analytics",
    title: "Orders",
    text: "Orders by status and by day; time from payment to dispatch.",
  },
  { path: "/admin/users/analytics", title: "Customers", text: "Sign-ups over time; returning customers." },
  {
    path: "/admin/reports",
    title: "Reports to act on",
    text: "Stock to reorder (CSV), returns and reasons, promotions, customer cohorts.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "analytics.view");
  const range = parseDateRange(new URL(request.url).searchParams, Date.now(), 30);
  const report = await context.shop.analytics.overview(range.value.window);
  return data(
    { report, fromDay: range.value.fromDay, toDay: range.value.toDay, problems: range.problems },
    { status: range.problems.length ? 400 : 200 },
  );
}

export default function AnalyticsOverview() {
  const { report, fromDay, toDay, problems } = useLoaderData<typeof loader>();
  const figures = [
    ["Revenue", formatMoney(report.totals.revenueMinor, BASE_CURRENCY)],
    ["Orders", formatCount(report.totals.orders)],
    ["Average order value", formatMoney(report.totals.aovMinor, BASE_CURRENCY)],
    ["New customers", formatCount(report.totals.newCustomers)],
    ["Returning customers", formatPercent(report.returning.share)],
  ];
  return (
    <AdminPage title="Analytics" problems={problems}>
      <DateRangeForm fromDay={fromDay} toDay={toDay} />
      <dl className="mt-6 grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-stone-200 p-4">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      <AdminSection id="revenue-heading" title="Revenue by day">
        <BarChart
          title="Revenue by day"
          data={report.revenueByDay.map((p) => ({ label: p.label, value: p.revenueMinor }))}
          format={baseMoney}
          formatTick={axisMoney}
          labelHeading="Day"
          valueHeading="Revenue"
        />
      </AdminSection>

      <OrdersByStatus byStatus={report.byStatus} />

      <AdminSection id="reports-heading" title="Reports">
        <ul className="grid gap-4 sm:grid-cols-3">
          {REPORTS.map((r) => (
            <li key={r.path} className="rounded-lg border border-stone-200 p-5">
              <h3 className="font-semibold">
                <Link to={r.path} className="underline">
                  {r.title}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-stone-600">{r.text}</p>
            </li>
          ))}
        </ul>
      </AdminSection>
    </AdminPage>
  );
}
