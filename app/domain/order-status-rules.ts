import type { OrderStatus } from "./commerce";

// Which status changes exist, and what each does to stock. Shared by checkout (payments),
// webhooks and the back office, so no path can skip a restock or restock twice.
// "refunded" and "partially_refunded" are reached only through a refund record (refunds.server.ts):
// its lines, not the status, decide which units go back on sale.

/** Statuses whose order holds its units out of stock. */
const HOLDS_STOCK: ReadonlySet<OrderStatus> = new Set([
  "pending_payment",
  "paid",
  "shipped",
  "delivered",
  "partially_refunded",
]);

/** The changes an admin may make from each status ("refunded": a refund of everything that remains). */
export const ADMIN_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ["cancelled"],
  payment_failed: ["cancelled"],
  paid: ["shipped", "cancelled", "refunded"],
  shipped: ["delivered", "refunded"],
  delivered: ["refunded"],
  cancelled: [],
  refunded: [],
  // A part refunded before dispatch still ships the rest.
  partially_refunded: ["shipped", "delivered", "refunded"],
};

/** Statuses reached through the refund path, never a plain transition. */
export const REFUND_STATUSES: ReadonlySet<OrderStatus> = new Set<OrderStatus>(["refunded", "partially_refunded"]);

/** take: the order needs its units again; release: it gives them back; none: no stock moves. */
export function stockEffect(from: OrderStatus, to: OrderStatus): "take" | "release" | "none" {
  if (REFUND_STATUSES.has(to)) return "none";
  const held = HOLDS_STOCK.has(from);
  const holds = HOLDS_STOCK.has(to);
  if (held === holds) return "none";
  return holds ? "take" : "release";
}

/** The statuses from which `to` may be reached by an admin. */
export function adminSourcesOf(to: OrderStatus): OrderStatus[] {
  return (Object.keys(ADMIN_TRANSITIONS) as OrderStatus[]).filter((from) => ADMIN_TRANSITIONS[from].includes(to));
}
