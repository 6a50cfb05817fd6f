import type { Order, OrderStatus } from "~/domain/commerce";
import { paidForUnits } from "~/domain/line-paid";
import { REVENUE_STATUSES } from "~/domain/revenue";
import { netPaidMinor, refundedQuantity } from "~/domain/refund";
import { toBaseMinor } from "~/domain/market";

// Which orders are sales. Revenue is money the shop has taken and keeps:
// - paid, shipped, delivered and partially refunded count, at the order's total (lines after
//   their promotion discounts, plus delivery) less what was refunded, dated by when the order
//   was placed (createdAt), so a figure never moves when an order is later shipped (a refund
//   lowers its order's own day); item reports count each line at what was paid for the units
//   kept (lineRevenue), and the lines plus delivery (deliveryRevenue) make the order's revenue;
// - fully refunded orders are excluded: the sale and its refund cancel out;
// - pending_payment (no money yet), payment_failed and cancelled (never paid, or given
//   back before shipping) are not sales.
// Every figure is in euros: an order in another currency (its market's) is converted at its own
// rate, the one it was priced at (decision 0030), so a report never mixes pounds with euros.
// See docs/decisions/0006-admin-orders-analytics.md. The statuses are listed in ~/domain/revenue,
// where the back office's notes word them from (app/lib/revenue-wording.ts).
export { REVENUE_STATUSES };

const revenueStatuses = new Set<OrderStatus>(REVENUE_STATUSES);

export const isSale = (order: Order): boolean => revenueStatuses.has(order.status);

export const placedAt = (order: Order): number => Date.parse(order.createdAt);

/** Who bought: the account when there is one, otherwise the e-mail (guest checkouts). */
export const customerKey = (order: Order): string =>
  order.userId ? `user:${order.userId}` : `email:${order.email.trim().toLowerCase()}`;

/** An amount of the order in euros, at the order's own rate (an order without a currency is in euros). */
export const inBase = (minor: number, order: Partial<Pick<Order, "currency" | "rateMicros">>): number =>
  order.currency && order.rateMicros
    ? toBaseMinor(minor, { currency: order.currency, rateMicros: order.rateMicros })
    : minor;

/** What a sale brought in, in euros: its total net of refunds (orders without refund records: the total). */
export const orderRevenue = (order: Order): number => inBase(netPaidMinor(order), order);

type Line = Order["lines"][number];

/** Units of a line the shop has refunded, counted as orderRevenue counts refunds (succeeded ones). */
const refundedUnits = (order: Pick<Order, "refunds">, line: Line): number =>
  Math.min(line.quantity, refundedQuantity(order, line.sku, ["succeeded"]));

/** Units of a line kept by the shopper (bought less refunded). */
export const keptUnits = (order: Pick<Order, "refunds">, line: Line): number =>
  line.quantity - refundedUnits(order, line);

/**
 * What a line brought in (without delivery), which category and product reports add up: what
 * was paid for it after its promotion discount, less its refunded units at what they were paid.
 * Units are valued as returns value them (app/domain/line-paid.ts): refunded units are the
 * line's first ones, so the refunds of a line's units, however split, take off exactly what the
 * line paid for them. In euros, at the order's rate.
 */
export const lineRevenue = (
  line: Line,
  order: Pick<Order, "refunds"> & Partial<Pick<Order, "currency" | "rateMicros">> = {},
): number => inBase(paidForUnits(line, line.quantity) - paidForUnits(line, refundedUnits(order, line)), order);

/** What an order's items brought in: the sum of its lines' revenue. */
export const itemsRevenue = (order: Order): number =>
  order.lines.reduce((sum, line) => sum + lineRevenue(line, order), 0);

/**
 * Delivery: the rest of a sale's revenue, so items + delivery = orderRevenue for every order.
 * It is the delivery price, less any refund money beyond the value of the units refunded with it
 * (delivery given back, a goodwill refund without units), plus what a refund held back of its
 * units' value (a partial amount for returned units). Item reports leave it out; the dashboard
 * and a customer's spend count it, through orderRevenue.
 */
export const deliveryRevenue = (order: Order): number => orderRevenue(order) - itemsRevenue(order);
