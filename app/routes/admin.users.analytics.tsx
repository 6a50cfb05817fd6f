import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage, AdminSection } from "~/components/admin/AdminPage";
import { BarChart } from "~/components/admin/charts/BarChart";
import { HorizontalBarChart } from "~/components/admin/charts/HorizontalBarChart";
import { DateRangeForm } from "~/components/admin/DateRangeForm";
import { GranularityLinks } from "~/components/admin/GranularityLinks";
import { formatCount, formatPercent } from "~/lib/admin-format";
import { countFormat } from "~/lib/chart-format";
import { seo } from "~/lib/seo";
import { reportQuery } from "~/server/http/admin-query.server";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "User analytics", description: "Sign-ups and returning customers.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "analytics.view");
  const { window, by, fromDay, toDay, problems } = reportQuery(request, 90);
  const report = await context.shop.analytics.customers(window, by);
  return data({ report, by, fromDay, toDay, problems }, { status: problems.length ? 400 : 200 });
}

export default function UserAnalytics() {
  const { report, by, fromDay, toDay, problems } = useLoaderData<typeof loader>();
  const { returning } = report;
  return (
    <AdminPage title="User analytics" back={{ to: "/admin/users", label: "Users" }} problems={problems}>
      <DateRangeForm fromDay={fromDay} toDay={toDay}>
        <input type="hidden" name="by" value={by} />
      </DateRangeForm>

      <AdminSection id="signups-heading" title="Sign-ups over time">
        <GranularityLinks path="/admin/users/analytics" current={by} fromDay={fromDay} toDay={toDay} />
        <div className="mt-4">
          <BarChart
            title={`Customer sign-ups by ${by}`}
            data={report.signUps.map((p) => ({ label: p.label, value: p.signUps }))}
            format={countFormat}
            labelHeading={by === "day" ? "Day" : by === "week" ? "Week" : "Month"}
            valueHeading="Sign-ups"
            wholeNumbers
          />
        </div>
      </AdminSection>

      <AdminSection id="returning-heading" title="Returning customers">
        <p className="text-sm text-stone-600">
          Customers with two or more paid orders in this period (refunded and unpaid orders do not count).
        </p>
        <dl className="mt-3 grid gap-3 sm:grid-cols-3">
          {[
            ["Customers who bought", formatCount(returning.customers)],
            ["Returning customers", formatCount(returning.returning)],
            ["Share returning", formatPercent(returning.share)],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg border border-stone-200 p-4">
              <dt className="text-sm text-stone-600">{label}</dt>
              <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-6">
          <HorizontalBarChart
            title="Customers by number of orders"
            data={
              returning.customers
                ? returning.byOrderCount.map((b) => ({
                    label: `${b.orders} ${b.orders === "1" ? "order" : "orders"}`,
                    value: b.customers,
                  }))
                : []
            }
            format={countFormat}
            labelHeading="Orders"
            valueHeading="Customers"
          />
        </div>
      </AdminSection>
    </AdminPage>
  );
}
