import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage, AdminSection } from "~/components/admin/AdminPage";
import { OrdersByStatus } from "~/components/admin/OrdersByStatus";
import { BarChart } from "~/components/admin/charts/BarChart";
import { HorizontalBarChart } from "~/components/admin/charts/HorizontalBarChart";
import { DateRangeForm } from "~/components/admin/DateRangeForm";
import { formatCount, formatHours } from "~/lib/admin-format";
import { countFormat } from "~/lib/chart-format";
import { seo } from "~/lib/seo";
import { parseDateRange } from "~/server/http/admin-query.server";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Order analytics", description: "Orders by status and by day, time to ship.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "analytics.view");
  const range = parseDateRange(new URL(request.url).searchParams, Date.now(), 30);
  const report = await context.shop.analytics.orders(range.value.window);
  return data(
    { report, fromDay: range.value.fromDay, toDay: range.value.toDay, problems: range.problems },
    { status: range.problems.length ? 400 : 200 },
  );
}

export default function OrderAnalytics() {
  const { report, fromDay, toDay, problems } = useLoaderData<typeof loader>();
  const ship = report.timeToShip;
  return (
    <AdminPage title="Order analytics" back={{ to: "/admin/orders", label: "Orders" }} problems={problems}>
      <DateRangeForm fromDay={fromDay} toDay={toDay} />
      <p className="mt-4 text-sm text-stone-600">
        {formatCount(report.total)} orders placed in this period, whatever their status.
      </p>

      <OrdersByStatus byStatus={report.byStatus} />

      <AdminSection id="day-heading" title="Orders by day">
        <BarChart
          title="Orders by day"
          data={report.byDay.map((d) => ({ label: d.label, value: d.orders }))}
          format={countFormat}
          labelHeading="Day"
          valueHeading="Orders"
          wholeNumbers
        />
      </AdminSection>

      <AdminSection id="ship-heading" title="Time to ship">
        <p className="text-sm text-stone-600">
          From payment to dispatch, for orders placed in this period that have shipped.
        </p>
        <dl className="mt-3 grid gap-3 sm:grid-cols-4">
          {[
            ["Orders shipped", formatCount(ship.shipped)],
            ["Average", formatHours(ship.averageHours)],
            ["Median", formatHours(ship.medianHours)],
            ["90% within", formatHours(ship.p90Hours)],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg border border-stone-200 p-4">
              <dt className="text-sm text-stone-600">{label}</dt>
              <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-6">
          <HorizontalBarChart
            title="Orders by time to ship"
            data={ship.shipped ? ship.bands.map((b) => ({ label: b.label, value: b.orders })) : []}
            format={countFormat}
            labelHeading="Time to ship"
            valueHeading="Orders"
          />
        </div>
      </AdminSection>
    </AdminPage>
  );
}
