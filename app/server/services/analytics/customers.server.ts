import type { Order } from "~/domain/commerce";
import type { Profile } from "~/domain/profile";
import {
  bucketLabel,
  bucketStart,
  bucketStarts,
  inWindow,
  isoDay,
  type Granularity,
  type Window,
} from "./periods.server";
import { customerKey, isSale, orderRevenue } from "./revenue-rules.server";

// Customers are shopper accounts: administrators are staff and are not counted as sign-ups.
const isCustomer = (profile: Profile): boolean => profile.role === "user";

export function signUpsIn(profiles: readonly Profile[], window: Window): number {
  return profiles.filter((p) => isCustomer(p) && inWindow(Date.parse(p.createdAt), window)).length;
}

export interface SignUpPoint {
  start: string;
  label: string;
  signUps: number;
}

export function signUpsOverTime(profiles: readonly Profile[], window: Window, granularity: Granularity): SignUpPoint[] {
  const points = new Map<number, SignUpPoint>();
  for (const start of bucketStarts(window, granularity))
    points.set(start, { start: isoDay(start), label: bucketLabel(start, granularity), signUps: 0 });
  for (const profile of profiles) {
    const at = Date.parse(profile.createdAt);
    if (!isCustomer(profile) || !inWindow(at, window)) continue;
    const point = points.get(bucketStart(at, granularity));
    if (point) point.signUps += 1;
  }
  return [...points.values()];
}

export interface ReturningCustomers {
  /** People (accounts, or guest e-mails) with at least one sale in the window. */
  customers: number;
  /** Of those, the ones with two or more. */
  returning: number;
  /** returning / customers, 0 when there are no customers. */
  share: number;
  /** How many customers bought once, twice, three times, four or more. */
  byOrderCount: Array<{ orders: string; customers: number }>;
}

/** Returning customers: two or more sales (REVENUE_STATUSES) in the window; refunded and unpaid orders do not make a customer return. */
export function returningCustomers(orders: readonly Order[], window: Window): ReturningCustomers {
  const counts = new Map<string, number>();
  for (const order of orders) {
    if (!isSale(order) || !inWindow(Date.parse(order.createdAt), window)) continue;
    const key = customerKey(order);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const histogram = [0, 0, 0, 0];
  for (const n of counts.values()) histogram[Math.min(n, 4) - 1] += 1;
  const customers = counts.size;
  const returning = customers - histogram[0];
  return {
    customers,
    returning,
    share: customers ? returning / customers : 0,
    byOrderCount: ["1", "2", "3", "4 or more"].map((orders, i) => ({ orders, customers: histogram[i] })),
  };
}

export interface CustomerTotals {
  orders: number;
  /** Sales only: what the customer has spent and kept. */
  spendMinor: number;
  lastOrderAt: string | null;
}

/** Orders (any status) and spend (sales only) of one customer's orders. */
export function customerTotals(orders: readonly Order[]): CustomerTotals {
  let spendMinor = 0;
  let lastOrderAt: string | null = null;
  for (const order of orders) {
    if (isSale(order)) spendMinor += orderRevenue(order);
    if (!lastOrderAt || order.createdAt > lastOrderAt) lastOrderAt = order.createdAt;
  }
  return { orders: orders.length, spendMinor, lastOrderAt };
}
