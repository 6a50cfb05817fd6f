import type { Order, OrderEvent, OrderLine, OrderStatus } from "./commerce";
import type { Refund, RefundState } from "./refund-record";
import { formatMoney } from "./money";

// Refunds: money given back on an order, recorded on the order itself. The arithmetic here runs
// inside each store adapter's transaction, so the limit "never more than was paid and not yet
// refunded" is checked against the order as it is at commit time, whatever races with it.

/** Statuses whose payment may be refunded (all or part). */
export const REFUNDABLE_STATUSES: ReadonlySet<OrderStatus> = new Set<OrderStatus>([
  "paid",
  "shipped",
  "delivered",
  "partially_refunded",
]);

/** Orders written before refunds existed have none. */
export const refundsOf = (order: Pick<Order, "refunds">): Refund[] => order.refunds ?? [];

/** Money refunded or being refunded (pending ones hold their amount). */
export const refundedMinor = (
  order: Pick<Order, "refunds">,
  states: readonly RefundState[] = ["pending", "succeeded"],
) =>
  refundsOf(order)
    .filter((r) => states.includes(r.state))
    .reduce((sum, r) => sum + r.amountMinor, 0);

/** What the shop keeps of an order: its total less what has been refunded. */
export const netPaidMinor = (order: Pick<Order, "totalMinor" | "refunds">) =>
  order.totalMinor - refundedMinor(order, ["succeeded"]);

/** What may still be refunded: what was paid and is not yet refunded or being refunded. */
export const refundableMinor = (order: Pick<Order, "totalMinor" | "refunds" | "status">) =>
  REFUNDABLE_STATUSES.has(order.status) ? Math.max(0, order.totalMinor - refundedMinor(order)) : 0;

/** Units of a line already refunded or being refunded (or only those in refunds in `states`). */
export const refundedQuantity = (
  order: Pick<Order, "refunds">,
  sku: string,
  states: readonly RefundState[] = ["pending", "succeeded"],
) =>
  refundsOf(order)
    .filter((r) => states.includes(r.state))
    .flatMap((r) => r.lines)
    .filter((l) => l.sku === sku)
    .reduce((sum, l) => sum + l.quantity, 0);

/** Whether the order's parcel has left: then refunded units are, by default, not back on sale. */
export const hasShipped = (order: Pick<Order, "history">) =>
  order.history.some((e) => e.status === "shipped" || e.status === "delivered");

export const defaultRestock = (order: Pick<Order, "history">) => !hasShipped(order);

/** Why this refund may not be added to this order, or null when it may. */
/**
 * Units of a line in a return that is still open (requested, approved or received): the return settles them,
 * so a refund outside it must leave them, or the return could never be refunded. (Read from the order's
 * returns directly: return.ts builds on this file.)
 */
const heldByOpenReturns = (order: Pick<Order, "returns">, sku: string) =>
  (order.returns ?? [])
    .filter((r) => r.status === "requested" || r.status === "approved" || r.status === "received")
    .flatMap((r) => r.lines)
    .filter((l) => l.sku === sku)
    .reduce((sum, l) => sum + l.quantity, 0);

/** Units of a line the back office may still refund outside a return: not refunded yet, nor held by an open return. */
export const refundableQuantity = (order: Order, line: Pick<OrderLine, "sku" | "quantity">) =>
  Math.max(0, line.quantity - refundedQuantity(order, line.sku) - heldByOpenReturns(order, line.sku));

export function refundProblem(order: Order, refund: Pick<Refund, "amountMinor" | "lines" | "returnId">): string | null {
  if (!REFUNDABLE_STATUSES.has(order.status)) return "Only a paid order can be refunded.";
  if (!Number.isInteger(refund.amountMinor) || refund.amountMinor <= 0)
    return "Enter an amount to refund greater than zero.";
  const remaining = refundableMinor(order);
  if (refund.amountMinor > remaining)
    return `The amount is more than what remains to refund (${formatMoney(remaining, order.currency)}).`;
  const seen = new Set<string>();
  for (const line of refund.lines) {
    const ordered = order.lines.find((l) => l.sku === line.sku);
    if (!ordered || seen.has(line.sku)) return "A refunded item is not in this order.";
    seen.add(line.sku);
    if (!Number.isInteger(line.quantity) || line.quantity < 0) return "Enter whole numbers of items.";
    const left = ordered.quantity - refundedQuantity(order, line.sku);
    const held = refund.returnId === null ? Math.min(left, heldByOpenReturns(order, line.sku)) : 0;
    if (line.quantity > left - held) {
      const item = `${ordered.name} (${ordered.colour}, ${ordered.size})`;
      return held > 0
        ? `Only ${left - held} of ${item} can be refunded here: ${held} ${held === 1 ? "is" : "are"} in an open return, refunded through it.`
        : `Only ${left} of ${item} can still be refunded.`;
    }
  }
  return null;
}

/** The status an order reaches once its succeeded refunds are counted. */
export function statusAfterRefunds(order: Order): OrderStatus {
  const refunded = refundedMinor(order, ["succeeded"]);
  if (refunded <= 0) return order.status;
  return refunded >= order.totalMinor ? "refunded" : "partially_refunded";
}

/** A change to an order computed inside a store transaction: the new order and the units going back on sale. */
export type OrderRevision = { ok: true; order: Order; restock: OrderLine[] } | { ok: false; message: string };

/** Hold a refund's amount and quantities on the order (before the processor is asked). */
export function reserveRefund(order: Order, refund: Refund): OrderRevision {
  const problem = refundProblem(order, refund);
  if (problem) return { ok: false, message: problem };
  if (refund.returnId) {
    const request = (order.returns ?? []).find((r) => r.id === refund.returnId);
    const held = refundsOf(order).some((r) => r.returnId === refund.returnId);
    if (!request || request.status !== "received" || request.refundId || held)
      return { ok: false, message: "Only a received return can be refunded, once." };
  }
  const lines = refund.lines.filter((l) => l.quantity > 0);
  return {
    ok: true,
    order: { ...order, refunds: [...refundsOf(order), { ...refund, lines, state: "pending" }] },
    restock: [],
  };
}

/** The processor refused: the held refund goes, as if it had never been asked for. */
export function dropRefund(order: Order, refundId: string): OrderRevision {
  return { ok: true, order: { ...order, refunds: refundsOf(order).filter((r) => r.id !== refundId) }, restock: [] };
}

/**
 * The processor refunded: the refund succeeds, its restocked units go back on sale (in the same
 * transaction), and the order becomes refunded or partially refunded.
 */
export function settleRefund(order: Order, refundId: string, reference: string, event: OrderEvent): OrderRevision {
  const refund = refundsOf(order).find((r) => r.id === refundId);
  if (!refund) return { ok: false, message: "This refund is not on the order." };
  if (refund.state === "succeeded") return { ok: true, order, restock: [] };
  const refunds = refundsOf(order).map((r) =>
    r.id === refundId ? { ...r, state: "succeeded" as const, reference } : r,
  );
  const restock = refund.lines
    .filter((l) => l.restock && l.quantity > 0)
    .map((l) => ({ ...order.lines.find((o) => o.sku === l.sku)!, quantity: l.quantity }));
  // A return's refund settles the return in the same write.
  const returns = order.returns?.map((r) =>
    r.id === refund.returnId ? { ...r, status: "refunded" as const, refundId, updatedAt: event.at } : r,
  );
  const next: Order = { ...order, refunds, ...(returns ? { returns } : {}) };
  const status = statusAfterRefunds(next);
  return {
    ok: true,
    order: {
      ...next,
      status,
      payment: status === "refunded" ? { ...order.payment, state: "refunded" } : order.payment,
      history: [...order.history, { ...event, status }],
      updatedAt: event.at,
    },
    restock,
  };
}

export type ReviseResult =
  | { kind: "ok"; order: Order }
  | { kind: "not-found" }
  | { kind: "rejected"; order: Order; message: string };
