import { REVENUE_STATUSES } from "~/domain/revenue";
import { STATUS_LABELS } from "./order-status";

// What the back office's revenue and spend figures count, worded from the list the reports use,
// so the notes cannot drift from the rule.

/** "paid, shipped, delivered and partially refunded" */
export function revenueStatusesText(): string {
  const labels = REVENUE_STATUSES.map((s) => STATUS_LABELS[s].toLowerCase());
  return labels.length > 1 ? `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}` : (labels[0] ?? "");
}

/** Under a customer's spend (customerTotals: orderRevenue of their sales). */
export const spendNote = () =>
  `Spend is what was paid for ${revenueStatusesText()} orders, delivery included, less what was refunded.`;

/** Beside the dashboard's headline revenue (orderRevenue). */
export const revenueNote = () => `revenue counts ${revenueStatusesText()} orders, delivery included, net of refunds.`;

/** Beside item reports (lineRevenue): categories and products. */
export const itemSalesNote = () =>
  `sales count ${revenueStatusesText()} orders at what was paid for the items kept (after discounts and refunds, without delivery).`;
