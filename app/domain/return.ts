import type { Order, OrderLine } from "./commerce";

// Returns the shopper starts, kept on the order itself (beside its refunds), so a return and the
// refund that settles it are written in one transaction on either backend (decision 0016).

export type ReturnStatus = "requested" | "approved" | "rejected" | "received" | "refunded";

export const RETURN_STATUSES: readonly ReturnStatus[] = ["requested", "approved", "rejected", "received", "refunded"];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Requested",
  approved: "Approved: send the parcel",
  rejected: "Rejected",
  received: "Received",
  refunded: "Refunded",
};

export interface ReturnLine {
  sku: string;
  quantity: number;
  /** Chosen when the parcel is received: whether the units go back on sale. */
  restock: boolean | null;
}

export interface ReturnRequest {
  id: string;
  /** Shown to people: "R-" + order number + "-" + its place among the order's returns. */
  number: string;
  lines: ReturnLine[];
  reason: string;
  status: ReturnStatus;
  /** The shop's message to the shopper with its latest decision. */
  message: string | null;
  /** The refund that settled it. */
  refundId: string | null;
  createdAt: string;
  updatedAt: string;
}

export const returnsOf = (order: Pick<Order, "returns">): ReturnRequest[] => order.returns ?? [];

/** When the order was delivered (its last "delivered" event), or null. */
export function deliveredAt(order: Pick<Order, "history">): string | null {
  return order.history.filter((e) => e.status === "delivered").at(-1)?.at ?? null;
}

/** Whether the shopper may still start a return: delivered, and within `windowDays` of delivery. */
export function withinReturnsWindow(order: Pick<Order, "history" | "status">, windowDays: number, now: Date): boolean {
  if (order.status !== "delivered" && order.status !== "partially_refunded") return false;
  const at = deliveredAt(order);
  if (!at) return false;
  return now.getTime() <= Date.parse(at) + windowDays * 24 * 60 * 60 * 1000;
}

/** Units of a line already in a return that is not rejected. */
export const returnedQuantity = (order: Pick<Order, "returns">, sku: string) =>
  returnsOf(order)
    .filter((r) => r.status !== "rejected")
    .flatMap((r) => r.lines)
    .filter((l) => l.sku === sku)
    .reduce((sum, l) => sum + l.quantity, 0);

/** How many units of `line` may still be returned. */
export const returnableQuantity = (order: Order, line: OrderLine) =>
  Math.max(0, line.quantity - returnedQuantity(order, line.sku));

export const nextReturnNumber = (order: Pick<Order, "number" | "returns">) =>
  `R-${order.number}-${returnsOf(order).length + 1}`;
