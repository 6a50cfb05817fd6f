import { Link } from "@remix-run/react";
import { formatDateTime } from "~/lib/admin-format";
import { formatMoney } from "~/domain/money";
import type { OrderRow } from "~/lib/admin-order-row";
import { StatusBadge } from "~/components/orders/StatusBadge";

/** Orders as a table; each number links to the order's back-office page. */
export function OrdersTable({
  orders,
  caption,
  empty,
}: {
  orders: readonly OrderRow[];
  caption: string;
  empty: string;
}) {
  if (orders.length === 0) return <p className="text-stone-600">{empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-300">
            <th scope="col" className="py-2 pr-4">
              Order
            </th>
            <th scope="col" className="py-2 pr-4">
              Placed
            </th>
            <th scope="col" className="py-2 pr-4">
              Customer
            </th>
            <th scope="col" className="py-2 pr-4">
              Status
            </th>
            <th scope="col" className="py-2 pr-4 text-right">
              Items
            </th>
            <th scope="col" className="py-2 text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id} className="border-b border-stone-200">
              <td className="whitespace-nowrap py-2 pr-4">
                <Link to={`/admin/orders/${o.id}`} className="font-medium underline">
                  {o.number}
                </Link>
              </td>
              <td className="whitespace-nowrap py-2 pr-4">{formatDateTime(o.createdAt)}</td>
              <td className="py-2 pr-4">{o.email}</td>
              <td className="py-2 pr-4">
                <StatusBadge status={o.status} />
              </td>
              <td className="py-2 pr-4 text-right tabular-nums">{o.items}</td>
              <td className="py-2 text-right tabular-nums">{formatMoney(o.totalMinor, o.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
