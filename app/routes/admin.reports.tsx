import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { BASE_CURRENCY, formatMoney } from "~/domain/money";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AdminPage, AdminSection } from "~/components/admin/AdminPage";
import { formatCount } from "~/lib/admin-format";
import { GiftCardLiability } from "~/components/admin/GiftCardLiability";
import { seo } from "~/lib/seo";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, {
    title: "Reports",
    description: "Stock to reorder, returns, promotions and repeat customers.",
    noindex: true,
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "analytics.view");
  const { analytics, giftCards } = context.shop;
  const [reports, giftCardLiability] = await Promise.all([analytics.ownerReports(), giftCards.liability()]);
  return { reports, giftCardLiability };
}

// What each report counts, shown above it.
const COUNTS = {
  reorder:
    "Variants sold in the last 30 days with fewer than 14 days of stock left at that rate. Reorder: " +
    "units that cover the next 30 days.",
  stock:
    "Per variant sold in the last 30 days: units sold in paid, shipped, delivered or partly refunded " +
    "orders placed then (refunded units taken off); sell-through is sold ÷ (sold + in stock); days " +
    "left is stock ÷ units sold a day.",
  returns:
    "Orders placed in the last 90 days that were paid (fully refunded ones included): units ordered, " +
    "units in returns shoppers started (rejected ones left out), and each return's reason.",
  promotions:
    "Sales placed in the last 90 days that used each promotion: how many, the discount it gave, and " +
    "those orders' revenue (totals less refunds).",
  cohorts:
    "Customers (an account, or a guest's e-mail) by the month of their first sale in the last 12 " +
    "months, and how many placed another sale later.",
};

function Counts({ what }: { what: string }) {
  return <p className="mb-3 text-sm text-stone-600">{what}</p>;
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    // On a phone the table scrolls in its own box: focusable and named, so a keyboard can scroll it too.
    <div
      role="region"
      aria-label={`${caption} (table)`}
      tabIndex={0}
      className="overflow-x-auto focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
    >
      <table className="w-full min-w-max text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-200">
            {head.map((h) => (
              <th key={h} scope="col" className="px-2 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i} className="border-b border-stone-100">
              {cells.map((c, j) => (
                <td key={j} className="px-2 py-2 tabular-nums">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-stone-600">{children}</p>;

export default function Reports() {
  const { reports, giftCardLiability } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Reports">
      <GiftCardLiability liability={giftCardLiability} className="mt-4 text-sm" />
      <AdminSection id="reorder-heading" title="Low stock to reorder" className="mt-6">
        <Counts what={COUNTS.reorder} />
        <p className="mb-3">
          <a href="/admin/reports/reorder.csv" className="underline" download>
            Download the reorder list (CSV)
          </a>
        </p>
        {reports.reorder.length ? (
          <Table
            caption="Low stock to reorder"
            head={["SKU", "Product", "Size", "Colour", "In stock", "Days left", "Reorder"]}
            rows={reports.reorder.map((r) => [r.sku, r.name, r.size, r.colour, r.stock, r.daysLeft, r.reorder])}
          />
        ) : (
          <Empty>Nothing runs out within 14 days at the current rate of sale.</Empty>
        )}
      </AdminSection>

      <AdminSection id="stock-heading" title="Sell-through and days of stock left">
        <Counts what={COUNTS.stock} />
        {reports.stock.length ? (
          <Table
            caption="Sell-through and days of stock left"
            head={["SKU", "Product", "Sold (30 days)", "In stock", "Sell-through", "Days left"]}
            rows={reports.stock.map((r) => [r.sku, r.name, r.sold, r.stock, `${r.sellThroughPercent}%`, r.daysLeft])}
          />
        ) : (
          <Empty>No sales in the last 30 days.</Empty>
        )}
        {reports.stockRows > reports.stock.length ? (
          <p className="mt-2 text-sm text-stone-600">
            The {reports.stock.length} with the fewest days left of {formatCount(reports.stockRows)} variants sold.
          </p>
        ) : null}
      </AdminSection>

      <AdminSection id="returns-heading" title="Returns by product">
        <Counts what={COUNTS.returns} />
        {reports.returns.length ? (
          <Table
            caption="Returns by product"
            head={["Product", "Units sold", "Units returned", "Returns rate", "Reasons"]}
            rows={reports.returns.map((r) => [
              r.name,
              r.sold,
              r.returned,
              `${r.ratePercent}%`,
              r.reasons.map((x) => `${x.reason} (${x.count})`).join("; ") || "—",
            ])}
          />
        ) : (
          <Empty>No paid orders in the last 90 days.</Empty>
        )}
      </AdminSection>

      <AdminSection id="promotions-heading" title="Promotion performance">
        <Counts what={COUNTS.promotions} />
        {reports.promotions.length ? (
          <Table
            caption="Promotion performance"
            head={["Promotion", "Code", "Orders", "Discount given", "Revenue"]}
            rows={reports.promotions.map((p) => [
              p.name,
              p.code ?? "automatic",
              p.orders,
              formatMoney(p.discountMinor, BASE_CURRENCY),
              formatMoney(p.revenueMinor, BASE_CURRENCY),
            ])}
          />
        ) : (
          <Empty>No sale used a promotion in the last 90 days.</Empty>
        )}
      </AdminSection>

      <AdminSection id="cohorts-heading" title="Customer cohorts">
        <Counts what={COUNTS.cohorts} />
        {reports.cohorts.length ? (
          <Table
            caption="Customer cohorts"
            head={["First order", "Customers", "Came back", "Repeat rate"]}
            rows={reports.cohorts.map((c) => [c.month, c.customers, c.repeat, `${c.repeatPercent}%`])}
          />
        ) : (
          <Empty>No sales in the last 12 months.</Empty>
        )}
      </AdminSection>
    </AdminPage>
  );
}
