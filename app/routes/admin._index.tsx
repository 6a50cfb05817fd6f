import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { BASE_CURRENCY, formatMoney } from "~/domain/money";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminSection } from "~/components/admin/AdminPage";
import { OrdersTable } from "~/components/admin/OrdersTable";
import { StatCard } from "~/components/admin/StatCard";
import { formatCount } from "~/lib/admin-format";
import { orderRow } from "~/lib/admin-order-row";
import { ADMIN_SECTIONS } from "~/lib/admin-sections";
import { revenueNote } from "~/lib/revenue-wording";
import { seo } from "~/lib/seo";
import { allows, requirePermission } from "~/server/http/permissions.server";
import { TableHead } from "~/components/admin/TableHead";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Back office", description: "Hemline back office.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requirePermission(request, context, "dashboard.view");
  const dashboard = await context.shop.analytics.dashboard();
  // Each part of the dashboard only for a role that may see its section (fulfilment sees no revenue).
  return {
    email: staff.actor,
    show: {
      sales: allows(staff, "analytics.view"),
      orders: allows(staff, "orders.view"),
      stock: allows(staff, "catalogue.view"),
    },
    sections: ADMIN_SECTIONS.filter((s) => allows(staff, s.permission)),
    periods: allows(staff, "analytics.view") ? dashboard.periods : [],
    toShip: { total: dashboard.toShip.total, orders: dashboard.toShip.orders.map(orderRow) },
    awaitingPayment: { total: dashboard.awaitingPayment.total, orders: dashboard.awaitingPayment.orders.map(orderRow) },
    recent: dashboard.recent.map(orderRow),
    stock: dashboard.stock,
  };
}

export default function AdminHome() {
  const { email, show, sections, periods, toShip, awaitingPayment, recent, stock } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Back office</h1>
      <p className="mt-2 text-sm text-stone-600">
        Signed in as {email}. Figures are in UTC; {revenueNote()}
      </p>

      {show.sales ? (
        <AdminSection id="sales-heading" title="Sales">
          <div className="grid gap-6">
            {periods.map((p) => (
              <section key={p.key} aria-label={p.label}>
                <h3 className="text-sm font-semibold uppercase tracking-wide text-stone-600">{p.label}</h3>
                <dl className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                  <StatCard
                    label="Revenue"
                    value={formatMoney(p.current.revenueMinor, BASE_CURRENCY)}
                    change={p.change.revenueMinor}
                    previous={formatMoney(p.previous.revenueMinor, BASE_CURRENCY)}
                  />
                  <StatCard
                    label="Orders"
                    value={formatCount(p.current.orders)}
                    change={p.change.orders}
                    previous={formatCount(p.previous.orders)}
                  />
                  <StatCard
                    label="Average order value"
                    value={formatMoney(p.current.aovMinor, BASE_CURRENCY)}
                    change={p.change.aovMinor}
                    previous={formatMoney(p.previous.aovMinor, BASE_CURRENCY)}
                  />
                  <StatCard
                    label="New customers"
                    value={formatCount(p.current.newCustomers)}
                    change={p.change.newCustomers}
                    previous={formatCount(p.previous.newCustomers)}
                  />
                </dl>
              </section>
            ))}
          </div>
        </AdminSection>
      ) : null}

      {show.orders ? (
        <AdminSection id="action-heading" title="Needs action">
          <div className="grid gap-8">
            <div>
              <h3 className="font-semibold">
                <Link to="/admin/orders?status=paid" className="underline">
                  Paid, not shipped ({formatCount(toShip.total)})
                </Link>
              </h3>
              <div className="mt-2">
                <OrdersTable
                  orders={toShip.orders}
                  caption="Paid orders waiting to be shipped"
                  empty="Nothing to ship."
                />
              </div>
            </div>
            <div>
              <h3 className="font-semibold">
                <Link to="/admin/orders?status=pending_payment" className="underline">
                  Awaiting payment ({formatCount(awaitingPayment.total)})
                </Link>
              </h3>
              <div className="mt-2">
                <OrdersTable
                  orders={awaitingPayment.orders}
                  caption="Orders awaiting payment"
                  empty="No order is waiting for payment."
                />
              </div>
            </div>
          </div>
        </AdminSection>
      ) : null}

      {show.stock ? (
        <AdminSection id="stock-heading" title="Low stock">
          <p className="text-sm text-stone-600">
            {formatCount(stock.lowTotal)} size and colour options have 3 or fewer left; {formatCount(stock.soldOut)} are
            sold out.
          </p>
          {stock.low.length ? (
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Options with the fewest left</caption>
                <TableHead columns={["Product", "Size", "Colour", "SKU", { label: "Left", numeric: true }]} />
                <tbody>
                  {stock.low.map((v) => (
                    <tr key={v.sku} className="border-b border-stone-200">
                      <td className="py-2 pr-4">
                        <Link to={`/admin/products/${v.productId}/edit`} className="underline">
                          {v.name}
                        </Link>
                      </td>
                      <td className="py-2 pr-4">{v.size}</td>
                      <td className="py-2 pr-4">{v.colour}</td>
                      <td className="py-2 pr-4 font-mono text-xs">{v.sku}</td>
                      <td className="py-2 text-right tabular-nums">{v.stock}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </AdminSection>
      ) : null}

      {show.orders ? (
        <AdminSection id="recent-heading" title="Recent orders">
          <OrdersTable orders={recent} caption="The latest orders" empty="No orders yet." />
          <p className="mt-3 text-sm">
            <Link to="/admin/orders" className="underline">
              All orders
            </Link>
          </p>
        </AdminSection>
      ) : null}

      <AdminSection id="sections-heading" title="Sections">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {sections.map((s) => (
            <li key={s.path} className="rounded-lg border border-stone-200 p-5">
              <h3 className="font-semibold">
                <Link to={s.path} className="underline">
                  {s.title}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-stone-600">{s.text}</p>
            </li>
          ))}
        </ul>
      </AdminSection>
    </div>
  );
}
