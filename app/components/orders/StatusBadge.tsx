import { STATUS_LABELS } from "~/lib/order-status";
import type { OrderStatus } from "~/domain/commerce";

const TONES: Record<OrderStatus, string> = {
  pending_payment: "bg-amber-50 text-amber-900",
  payment_failed: "bg-red-50 text-red-800",
  paid: "bg-sky-50 text-sky-900",
  shipped: "bg-indigo-50 text-indigo-900",
  delivered: "bg-emerald-50 text-emerald-900",
  cancelled: "bg-stone-100 text-stone-700",
  refunded: "bg-stone-100 text-stone-700",
  partially_refunded: "bg-stone-100 text-stone-700",
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}
