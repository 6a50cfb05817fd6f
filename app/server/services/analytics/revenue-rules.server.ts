import type { Order, OrderStatus } from "~/domain/commerce";
import { netPaidMinor, refundedQuantity } from "~/domain/refund";

// Which orders are sales. Revenue is money the shop has taken and keeps:
// - paid, shipped, delivered and partially refunded count, at the order's total (lines +
//   shipping) less what was refunded, dated by when the order was placed (createdAt), so a
//   figure never moves when an order is later shipped (a refund lowers its order's own day);
// - fully refunded orders are excluded: the sale and its refund cancel out;
// - pending_payment (no money yet), payment_failed and cancelled (never paid, or given
//   back before shipping) are not sales.
// See docs/decisions/0006-admin-orders-analytics.md.
export const REVENUE_STATUSES: readonly OrderStatus[] = ["paid", "shipped", "delivered", "partially_refunded"];

const revenueStatuses = new Set<OrderStatus>(REVENUE_STATUSES);

export const isSale = (order: Order): boolean => revenueStatuses.has(order.status);

export const placedAt = (order: Order): number => Date.parse(order.createdAt);

/** Who bought: the account when there is one, otherwise the e-mail (guest checkouts). */
export const customerKey = (order: Order): string =>
  order.userId ? `user:${order.userId}` : `email:${order.email.trim().toLowerCase()}`;

/** What a sale brought in: its total net of refunds (orders without refund records: the total). */
export const orderRevenue = (order: Order): number => netPaidMinor(order);

/** Units of a line kept by the shopper (bought less refunded). */
export const keptUnits = (order: Pick<Order, "refunds">, line: Order["lines"][number]): number =>
  Math.max(0, line.quantity - refundedQuantity(order, line.sku));

/** Lines revenue (without shipping) of the units kept: what category and product reports add up. */
export const lineRevenue = (line: Order["lines"][number], order: Pick<Order, "refunds"> = {}): number =>
  line.unitPriceMinor * keptUnits(order, line);
