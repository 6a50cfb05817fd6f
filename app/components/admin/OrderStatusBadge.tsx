import { STATUS_LABELS } from "~/server/services/orders/status-rules";
import type { OrderStatus } from "~/server/store/commerce-types";

const TONE: Record<OrderStatus, string> = {
  pending_payment: "bg-amber-100 text-amber-900",
  payment_failed: "bg-red-100 text-red-900",
  paid: "bg-sky-100 text-sky-900",
  shipped: "bg-indigo-100 text-indigo-900",
  delivered: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-stone-200 text-stone-800",
  refunded: "bg-fuchsia-100 text-fuchsia-900",
};

/** The status in words (colour only repeats what the words say). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${TONE[status]}`}>{STATUS_LABELS[status]}</span>;
}
