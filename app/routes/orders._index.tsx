import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/catalog/Pagination";
import { StatusBadge } from "~/components/orders/StatusBadge";
import { formatMoney } from "~/domain/money";
import { seo } from "~/lib/seo";
import { requireUser } from "~/server/http/session.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Your orders", description: "Your Hemline orders.", noindex: true });

const dateFormat = new Intl.DateTimeFormat("en-IE", { dateStyle: "medium", timeZone: "UTC" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  const requested = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const { orders } = context.shop;
  const result = await orders.listForUser(user.uid, page);
  // A page past the end shows the last one rather than an empty list.
  const list = page > result.pageCount ? await orders.listForUser(user.uid, result.pageCount) : result;
  return {
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    orders: list.orders.map((o) => ({
      id: o.id,
      number: o.number,
      status: o.status,
      createdAt: o.createdAt,
      totalMinor: o.totalMinor,
      currency: o.currency,
      items: o.lines.reduce((sum, l) => sum + l.quantity, 0),
      firstItem: o.lines[0]?.name ?? "",
    })),
  };
}

export default function Orders() {
  const { orders, page, pageCount, total } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-semibold tracking-tight">Your orders</h1>
      {total === 0 ? (
        <div className="mt-8 rounded-lg border border-dashed border-stone-300 p-10 text-center">
          <p className="text-lg font-medium">You have not placed an order yet.</p>
          <Link to="/products" className="btn-primary mt-6">
            Start shopping
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-sm text-stone-600">
            {total} {total === 1 ? "order" : "orders"}, newest first.
          </p>
          <ul className="mt-6 divide-y divide-stone-200 border-y border-stone-200">
            {orders.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 py-4">
                <div>
                  <Link to={`/orders/${o.id}`} className="font-medium hover:underline">
                    Order {o.number}
                  </Link>
                  <p className="text-sm text-stone-600">
                    <time dateTime={o.createdAt}>{dateFormat.format(new Date(o.createdAt))}</time> · {o.items}{" "}
                    {o.items === 1 ? "item" : "items"}: {o.firstItem}
                    {o.items > 1 ? " and more" : ""}
                  </p>
                </div>
                <div className="flex items-center gap-4">
                  <StatusBadge status={o.status} />
                  <span className="font-semibold">{formatMoney(o.totalMinor, o.currency)}</span>
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={pageCount} href={(p) => `/orders?page=${p}`} />
        </>
      )}
    </div>
  );
}
