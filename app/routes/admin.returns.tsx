import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { TableHead } from "~/components/admin/TableHead";
import { ScrollBox } from "~/components/ScrollBox";
import { RETURN_STATUS_LABELS, returnsOf } from "~/domain/return";
import { formatDateTime } from "~/lib/admin-format";
import { seo } from "~/lib/seo";
import { parsePage } from "~/server/http/admin-query.server";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Returns", description: "Returns shoppers started.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "orders.view");
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const { orders, pageCount } = await context.shop.returns.listOrders(page.value);
  const rows = orders.flatMap((order) =>
    returnsOf(order)
      .map((r) => ({
        id: r.id,
        number: r.number,
        status: r.status,
        createdAt: r.createdAt,
        units: r.lines.reduce((sum, l) => sum + l.quantity, 0),
        orderId: order.id,
        orderNumber: order.number,
        email: order.email,
      }))
      .reverse(),
  );
  return { rows, page: page.value, pageCount, problems: page.problems };
}

export default function AdminReturns() {
  const { rows, page, pageCount, problems } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Returns">
      {problems.map((p) => (
        <p key={p} role="status" className="mt-2 text-sm text-amber-900">
          {p}
        </p>
      ))}
      {rows.length === 0 ? (
        <p className="mt-6 text-sm text-stone-600">No shopper has started a return.</p>
      ) : (
        <ScrollBox label="Returns">
          <table className="mt-6 w-full text-left text-sm">
            <caption className="sr-only">Returns, newest orders first</caption>
            <TableHead
              columns={["Return", "Status", "Started", "Order", "Customer", { label: "Items", numeric: true }]}
            />
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-stone-200">
                  <td className="py-2 pr-4 font-mono text-xs">{r.number}</td>
                  <td className="py-2 pr-4">{RETURN_STATUS_LABELS[r.status]}</td>
                  <td className="py-2 pr-4">{formatDateTime(r.createdAt)}</td>
                  <td className="py-2 pr-4">
                    <Link to={`/admin/orders/${r.orderId}`} className="underline">
                      {r.orderNumber}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">{r.email}</td>
                  <td className="py-2 text-right tabular-nums">{r.units}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex gap-4 text-sm">
          {page > 1 ? <Link to={`?page=${page - 1}`}>Previous page</Link> : null}
          {page < pageCount ? <Link to={`?page=${page + 1}`}>Next page</Link> : null}
        </nav>
      ) : null}
    </AdminPage>
  );
}
