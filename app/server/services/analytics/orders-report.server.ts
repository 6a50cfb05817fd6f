import { ORDER_STATUSES, type Order, type OrderStatus } from "~/domain/commerce";
import { bucketLabel, bucketStart, bucketStarts, HOUR_MS, inWindow, isoDay, type Window } from "./periods.server";
import { placedAt } from "./revenue-rules.server";

// Operations reports: every order counts here whatever its status (unlike revenue), because
// they answer "how much work came in and how fast did it leave".

export function ordersByStatus(
  orders: readonly Order[],
  window: Window,
): Array<{ status: OrderStatus; orders: number }> {
  const counts = new Map<OrderStatus, number>(ORDER_STATUSES.map((s) => [s, 0]));
  for (const order of orders)
    if (inWindow(placedAt(order), window)) counts.set(order.status, (counts.get(order.status) ?? 0) + 1);
  return ORDER_STATUSES.map((status) => ({ status, orders: counts.get(status) ?? 0 }));
}

export interface DayCount {
  start: string;
  label: string;
  orders: number;
}

export function ordersByDay(orders: readonly Order[], window: Window): DayCount[] {
  const points = new Map<number, DayCount>();
  for (const start of bucketStarts(window, "day"))
    points.set(start, { start: isoDay(start), label: bucketLabel(start, "day"), orders: 0 });
  for (const order of orders) {
    const at = placedAt(order);
    if (!inWindow(at, window)) continue;
    const point = points.get(bucketStart(at, "day"));
    if (point) point.orders += 1;
  }
  return [...points.values()];
}

/** Hours from the first "paid" event to the first "shipped" event; null when the order has not been both. */
export function hoursToShip(order: Order): number | null {
  const paid = order.history.find((e) => e.status === "paid");
  const shipped = order.history.find((e) => e.status === "shipped");
  if (!paid || !shipped) return null;
  const hours = (Date.parse(shipped.at) - Date.parse(paid.at)) / HOUR_MS;
  return Number.isFinite(hours) && hours >= 0 ? hours : null;
}

export const SHIP_TIME_BANDS: ReadonlyArray<{ label: string; maxHours: number }> = [
  { label: "Under 24 hours", maxHours: 24 },
  { label: "1–2 days", maxHours: 48 },
  { label: "2–3 days", maxHours: 72 },
  { label: "3–5 days", maxHours: 120 },
  { label: "Over 5 days", maxHours: Infinity },
];

export interface TimeToShip {
  /** Orders shipped (paid in the window and shipped since). */
  shipped: number;
  averageHours: number | null;
  medianHours: number | null;
  /** 90 % of orders shipped within this many hours. */
  p90Hours: number | null;
  bands: Array<{ label: string; orders: number }>;
}

/** Percentile by the nearest-rank method over a sorted list. */
function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** Time to ship of the orders placed in the window, from their history events. */
export function timeToShip(orders: readonly Order[], window: Window): TimeToShip {
  const hours = orders
    .filter((o) => inWindow(placedAt(o), window))
    .map(hoursToShip)
    .filter((h): h is number => h !== null)
    .sort((a, b) => a - b);
  const bands = SHIP_TIME_BANDS.map((b) => ({ label: b.label, orders: 0 }));
  for (const h of hours) bands[SHIP_TIME_BANDS.findIndex((b) => h < b.maxHours)].orders += 1;
  return {
    shipped: hours.length,
    averageHours: hours.length ? hours.reduce((a, b) => a + b, 0) / hours.length : null,
    medianHours: percentile(hours, 0.5),
    p90Hours: percentile(hours, 0.9),
    bands,
  };
}
