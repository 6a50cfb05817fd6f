import type { Order, OrderLine } from "./commerce";
import { paidForUnits } from "./line-paid";
import { refundedQuantity, refundsOf } from "./refund";
import type { Refund } from "./refund-record";
import { formatMoney } from "./money";
import type { ReturnRequest, ReturnStatus } from "./return-record";

// Returns the shopper starts, kept on the order itself (beside its refunds), so a return and the
// refund that settles it are written in one transaction on either backend (decision 0016).

export const RETURN_STATUSES: readonly ReturnStatus[] = ["requested", "approved", "rejected", "received", "refunded"];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Requested",
  approved: "Approved: send the parcel",
  rejected: "Rejected",
  received: "Received",
  refunded: "Refunded",
};

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

/** Units of a line refunded by the back office outside any return (a return's own refund counts with its return). */
const refundedOutsideReturns = (order: Pick<Order, "refunds">, sku: string) =>
  refundsOf(order)
    .filter((r) => r.returnId === null)
    .flatMap((r) => r.lines)
    .filter((l) => l.sku === sku)
    .reduce((sum, l) => sum + l.quantity, 0);

/**
 * How many units of `line` may still be returned: not those in a return already, nor those the
 * shop has refunded (they are paid back, and a return of them could never be refunded).
 */
export const returnableQuantity = (order: Order, line: OrderLine) =>
  Math.max(0, line.quantity - returnedQuantity(order, line.sku) - refundedOutsideReturns(order, line.sku));

export const nextReturnNumber = (order: Pick<Order, "number" | "returns">) =>
  `R-${order.number}-${returnsOf(order).length + 1}`;

export const RETURN_REASON_MAX = 500;

/** Why the shopper may not start this return, or null when they may. */
export function returnProblem(
  order: Order,
  request: { lines: Array<{ sku: string; quantity: number }>; reason: string },
  windowDays: number,
  now: Date,
): string | null {
  if (!withinReturnsWindow(order, windowDays, now))
    return deliveredAt(order)
      ? `Returns are accepted within ${windowDays} days of delivery, and this order was delivered longer ago.`
      : "A return can be started once the order has been delivered.";
  if (!request.reason.trim()) return "Tell us why you are returning the items.";
  if (request.reason.length > RETURN_REASON_MAX) return `A reason has at most ${RETURN_REASON_MAX} characters.`;
  let units = 0;
  for (const line of request.lines) {
    const ordered = order.lines.find((l) => l.sku === line.sku);
    if (!ordered) return "A returned item is not in this order.";
    if (!Number.isInteger(line.quantity) || line.quantity < 0) return "Enter whole numbers of items.";
    const left = returnableQuantity(order, ordered);
    if (line.quantity > left)
      return `Only ${left} of ${ordered.name} (${ordered.colour}, ${ordered.size}) can be returned.`;
    units += line.quantity;
  }
  if (units === 0) return "Choose at least one item to return.";
  return null;
}

type Revision = { ok: true; order: Order; restock: OrderLine[] } | { ok: false; message: string };

/** The shopper starts a return: it gets the next return number of the order. */
export function startReturn(
  order: Order,
  input: { id: string; lines: Array<{ sku: string; quantity: number }>; reason: string; at: string },
  windowDays: number,
): Revision {
  const problem = returnProblem(order, input, windowDays, new Date(input.at));
  if (problem) return { ok: false, message: problem };
  const request: ReturnRequest = {
    id: input.id,
    number: nextReturnNumber(order),
    lines: input.lines.filter((l) => l.quantity > 0).map((l) => ({ sku: l.sku, quantity: l.quantity, restock: null })),
    reason: input.reason.trim(),
    status: "requested",
    message: null,
    refundId: null,
    createdAt: input.at,
    updatedAt: input.at,
  };
  return { ok: true, order: { ...order, returns: [...returnsOf(order), request], updatedAt: input.at }, restock: [] };
}

/** Which step may follow which: approve or reject a request, receive an approved parcel. */
const NEXT: Record<"approved" | "rejected" | "received", ReturnStatus> = {
  approved: "requested",
  rejected: "requested",
  received: "approved",
};

/** An admin's step on a return; refused when the return is not where that step starts. */
export function advanceReturn(
  order: Order,
  returnId: string,
  to: "approved" | "rejected" | "received",
  input: { message: string | null; restock?: Record<string, boolean>; at: string },
): Revision {
  const found = returnsOf(order).find((r) => r.id === returnId);
  if (!found) return { ok: false, message: "This return is not on the order." };
  if (found.status !== NEXT[to])
    return { ok: false, message: `A return that is ${found.status} cannot be ${to}. Reload and try again.` };
  const next: ReturnRequest = {
    ...found,
    status: to,
    message: input.message?.trim() || found.message,
    lines:
      to === "received" ? found.lines.map((l) => ({ ...l, restock: input.restock?.[l.sku] ?? false })) : found.lines,
    updatedAt: input.at,
  };
  return {
    ok: true,
    order: { ...order, returns: returnsOf(order).map((r) => (r.id === returnId ? next : r)), updatedAt: input.at },
    restock: [],
  };
}

/**
 * What a received return is worth: what was paid for its units and not yet refunded. Each
 * line's units are valued after those already refunded or being refunded on that line (by the
 * other refunds on the order, admin's or returns'), so returns and refunds of a line's units, in
 * whatever split and order, add up exactly to what the line paid; never more than the order has
 * left to refund.
 */
export function returnValueMinor(order: Order, request: ReturnRequest): number {
  const others = refundsOf(order).filter((r) => r.returnId !== request.id);
  const unitsBefore = (sku: string) =>
    others
      .flatMap((r) => r.lines)
      .filter((l) => l.sku === sku)
      .reduce((sum, l) => sum + l.quantity, 0);
  const value = request.lines.reduce((sum, l) => {
    const line = order.lines.find((o) => o.sku === l.sku);
    if (!line) return sum;
    const before = unitsBefore(l.sku);
    return sum + paidForUnits(line, before + l.quantity) - paidForUnits(line, before);
  }, 0);
  const left = order.totalMinor - others.reduce((sum, r) => sum + r.amountMinor, 0);
  return Math.max(0, Math.min(value, left));
}

/**
 * Close a received return worth nothing (its units were free with a promotion, or the order has
 * already been refunded in full): there is no money to send, so the processor is not asked, but
 * the return is settled as any other — a refund of €0 records its units and their restock choice,
 * the units chosen on receipt go back on sale in the same write, and the return is refunded.
 * Never refused for units refunded since the return was started: it could then never be settled.
 */
export function closeReturnAtZero(
  order: Order,
  returnId: string,
  input: { refundId: string; at: string; by: string },
): Revision {
  const request = returnsOf(order).find((r) => r.id === returnId);
  const held = refundsOf(order).some((r) => r.returnId === returnId);
  if (!request || request.status !== "received" || request.refundId || held)
    return { ok: false, message: "Only a received return can be refunded, once." };
  const value = returnValueMinor(order, request);
  if (value > 0)
    return { ok: false, message: `This return is worth ${formatMoney(value, order.currency)}: refund it.` };
  // Units the back office refunded meanwhile (a full refund naming them) were settled, and their
  // restock chosen, by that refund: this one covers only the rest, so nothing goes back twice.
  const unrefunded = (sku: string, quantity: number) => {
    const line = order.lines.find((o) => o.sku === sku);
    return line ? Math.max(0, Math.min(quantity, line.quantity - refundedQuantity(order, sku))) : 0;
  };
  const refund: Refund = {
    id: input.refundId,
    amountMinor: 0,
    reason: `Return ${request.number}`,
    lines: request.lines
      .map((l) => ({ sku: l.sku, quantity: unrefunded(l.sku, l.quantity), restock: l.restock ?? false }))
      .filter((l) => l.quantity > 0),
    state: "succeeded",
    reference: null,
    returnId,
    at: input.at,
    by: input.by,
  };
  const restock = refund.lines
    .filter((l) => l.restock && l.quantity > 0)
    .map((l) => ({ ...order.lines.find((o) => o.sku === l.sku)!, quantity: l.quantity }));
  const closed: ReturnRequest = { ...request, status: "refunded", refundId: refund.id, updatedAt: input.at };
  return {
    ok: true,
    order: {
      ...order,
      refunds: [...refundsOf(order), refund],
      returns: returnsOf(order).map((r) => (r.id === returnId ? closed : r)),
      history: [
        ...order.history,
        { status: null, at: input.at, note: `Return ${request.number} closed: nothing to refund`, by: input.by },
      ],
      updatedAt: input.at,
    },
    restock,
  };
}
