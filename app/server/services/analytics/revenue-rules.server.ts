import type { Order, OrderStatus } from "~/domain/commerce";

// Which orders are sales. Revenue is money the shop has taken and keeps:
// - paid, shipped, delivered count, at the order's total (lines + shipping), dated by when
//   the order was placed (createdAt), so a figure never moves when an order is later shipped;
// - refunded orders are excluded, not subtracted: a refund in this shop returns the whole
//   order, so the sale and its refund cancel out, and excluding it keeps past periods
//   stable instead of pushing a negative amount into the day the refund happened;
// - pending_payment (no money yet), payment_failed and cancelled (never paid, or given
//   back before shipping) are not sales.
// See docs/decisions/0006-admin-orders-analytics.md.
export const REVENUE_STATUSES: readonly OrderStatus[] = ["paid", "shipped", "delivered"];

const revenueStatuses = new Set<OrderStatus>(REVENUE_STATUSES);

export const isSale = (order: Order): boolean => revenueStatuses.has(order.status);

export const placedAt = (order: Order): number => Date.parse(order.createdAt);

/** Who bought: the account when there is one, otherwise the e-mail (guest checkouts). */
export const customerKey = (order: Order): string =>
  order.userId ? `user:${order.userId}` : `email:${order.email.trim().toLowerCase()}`;

/** Lines revenue (without shipping): what category and product reports add up. */
export const lineRevenue = (line: Order["lines"][number]): number => line.unitPriceMinor * line.quantity;
