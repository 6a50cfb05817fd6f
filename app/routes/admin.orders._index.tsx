import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { OrdersTable } from "~/components/admin/OrdersTable";
import { Pagination } from "~/components/catalog/Pagination";
import { formatCount } from "~/lib/admin-format";
import { orderRow } from "~/lib/admin-order-row";
import { seo } from "~/lib/seo";
import { parseOptionalRange, parseOrderStatus, parsePage, parseSearch } from "~/server/http/admin-query.server";
import { STATUS_LABELS } from "~/lib/order-status";
import { ORDER_STATUSES } from "~/domain/commerce";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) => seo(args, { title: "Orders", description: "Every order.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "orders.view");
  const params = new URL(request.url).searchParams;
  const status = parseOrderStatus(params.get("status"));
  const range = parseOptionalRange(params);
  const page = parsePage(params.get("page"));
  const q = parseSearch(params.get("q"));
  const problems = [...status.problems, ...range.problems, ...page.problems];
  const { adminOrders } = context.shop;
  const filter = { status: status.value, query: q, from: range.value.from, to: range.value.to };
  let result = await adminOrders.list({ ...filter, page: page.value });
  if (result.orders.length === 0 && result.total > 0) {
    // Past the last page (an old link after orders changed): show the last page and say so.
    problems.push(`There is no page ${page.value}; showing page ${result.pageCount}.`);
    result = await adminOrders.list({ ...filter, page: result.pageCount });
  }
  const payload = {
    orders: result.orders.map(orderRow),
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
    filters: { status: status.value ?? "", q, from: range.value.fromDay, to: range.value.toDay },
    problems,
  };
  // A filter the shop cannot read is ignored (the page still lists orders) and answered 400, with the reason on the page.
  return data(payload, { status: problems.length ? 400 : 200 });
}

export default function AdminOrders() {
  const { orders, total, page, pageCount, filters, problems } = useLoaderData<typeof loader>();
  const href = (p: number) => {
    const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ""));
    if (p > 1) params.set("page", String(p));
    const query = params.toString();
    return query ? `/admin/orders?${query}` : "/admin/orders";
  };
  const filtered = Object.values(filters).some((v) => v !== "");
  return (
    <AdminPage
      title="Orders"
      problems={problems}
      actions={
        <Link to="/admin/orders/analytics" className="btn-secondary">
          Order analytics
        </Link>
      }
    >
      <Form
        method="get"
        role="search"
        aria-label="Filter orders"
        className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <div className="lg:col-span-2">
          <label htmlFor="order-search" className="block text-sm font-medium">
            Order number or e-mail
          </label>
          <input
            id="order-search"
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={100}
            placeholder="HM-… or name@example.com"
            aria-describedby="order-search-hint"
            className="input mt-1"
          />
          <p id="order-search-hint" className="mt-1 text-xs text-stone-500">
            The whole order number or e-mail address (any case).
          </p>
        </div>
        <div>
          <label htmlFor="order-status" className="block text-sm font-medium">
            Status
          </label>
          <select id="order-status" name="status" defaultValue={filters.status} className="input mt-1">
            <option value="">Any status</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="order-from" className="block text-sm font-medium">
            Placed from
          </label>
          <input id="order-from" type="date" name="from" defaultValue={filters.from} className="input mt-1" />
        </div>
        <div>
          <label htmlFor="order-to" className="block text-sm font-medium">
            Placed until
          </label>
          <input id="order-to" type="date" name="to" defaultValue={filters.to} className="input mt-1" />
        </div>
        <div className="flex gap-3 lg:col-span-5">
          <button type="submit" className="btn-primary">
            Filter
          </button>
          {filtered ? (
            <Link to="/admin/orders" className="btn-secondary">
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>

      <p className="mt-8 text-sm text-stone-600" aria-live="polite">
        {formatCount(total)} {total === 1 ? "order" : "orders"}
        {pageCount > 1 ? `, page ${page} of ${pageCount}` : ""}
      </p>
      <div className="mt-3">
        <OrdersTable
          orders={orders}
          caption="Orders, newest first"
          empty={filtered ? "No order matches these filters." : "No orders yet."}
        />
      </div>
      <Pagination page={page} pageCount={pageCount} href={href} />
    </AdminPage>
  );
}
