import type { Order } from "~/domain/commerce";
import type { Profile } from "~/domain/profile";
import { signUpsIn } from "./customers.server";
import {
  bucketLabel,
  bucketStart,
  bucketStarts,
  change,
  DAY_MS,
  inWindow,
  isoDay,
  startOfUtcDay,
  type Granularity,
  type Window,
} from "./periods.server";
import { isSale, keptUnits, lineRevenue, orderRevenue, placedAt } from "./revenue-rules.server";

export interface SalesFigures {
  revenueMinor: number;
  /** Orders that count as sales (see revenue-rules). */
  orders: number;
  /** Average order value; 0 when there were no orders. */
  aovMinor: number;
  /** Customer accounts created in the period. */
  newCustomers: number;
}

export interface PeriodSummary {
  key: PeriodKey;
  label: string;
  current: SalesFigures;
  previous: SalesFigures;
  /** Relative changes against the previous period of equal length; null when that was zero. */
  change: Record<keyof SalesFigures, number | null>;
}

export type PeriodKey = "today" | "7d" | "30d";

export const PERIODS: ReadonlyArray<{ key: PeriodKey; label: string }> = [
  { key: "today", label: "Today" },
  { key: "7d", label: "Last 7 days" },
  { key: "30d", label: "Last 30 days" },
];

const PERIOD_DAYS: Record<PeriodKey, number> = { today: 1, "7d": 7, "30d": 30 };

/** "Today" is UTC midnight until now; the others are rolling windows ending now. */
export function periodWindow(key: PeriodKey, now: number): Window {
  if (key === "today") return { from: startOfUtcDay(now), to: now };
  return { from: now - PERIOD_DAYS[key] * DAY_MS, to: now };
}

/**
 * The period of equal length before: for "today", yesterday up to the same time of day (a
 * morning is compared with a morning, not with a whole day); otherwise the window just before.
 */
export const previousPeriodWindow = (key: PeriodKey, now: number): Window =>
  periodWindow(key, now - PERIOD_DAYS[key] * DAY_MS);

export function salesFigures(orders: readonly Order[], profiles: readonly Profile[], window: Window): SalesFigures {
  let revenueMinor = 0;
  let count = 0;
  for (const order of orders) {
    if (!isSale(order) || !inWindow(placedAt(order), window)) continue;
    revenueMinor += orderRevenue(order);
    count += 1;
  }
  return {
    revenueMinor,
    orders: count,
    aovMinor: count ? Math.round(revenueMinor / count) : 0,
    newCustomers: signUpsIn(profiles, window),
  };
}

/** The dashboard's headline figures for today, 7 and 30 days, each against the period before it. */
export function periodSummaries(orders: readonly Order[], profiles: readonly Profile[], now: number): PeriodSummary[] {
  return PERIODS.map(({ key, label }) => {
    const window = periodWindow(key, now);
    const current = salesFigures(orders, profiles, window);
    const previous = salesFigures(orders, profiles, previousPeriodWindow(key, now));
    return {
      key,
      label,
      current,
      previous,
      change: {
        revenueMinor: change(current.revenueMinor, previous.revenueMinor),
        orders: change(current.orders, previous.orders),
        aovMinor: change(current.aovMinor, previous.aovMinor),
        newCustomers: change(current.newCustomers, previous.newCustomers),
      },
    };
  });
}

export interface RevenuePoint {
  /** Bucket start as "YYYY-MM-DD". */
  start: string;
  label: string;
  revenueMinor: number;
  orders: number;
  aovMinor: number;
}

/** Revenue, order count and average order value per day, week (from Monday) or month, with empty buckets as zero. */
export function revenueOverTime(orders: readonly Order[], window: Window, granularity: Granularity): RevenuePoint[] {
  const points = new Map<number, RevenuePoint>();
  for (const start of bucketStarts(window, granularity)) {
    points.set(start, {
      start: isoDay(start),
      label: bucketLabel(start, granularity),
      revenueMinor: 0,
      orders: 0,
      aovMinor: 0,
    });
  }
  for (const order of orders) {
    const at = placedAt(order);
    if (!isSale(order) || !inWindow(at, window)) continue;
    const point = points.get(bucketStart(at, granularity));
    if (!point) continue;
    point.revenueMinor += orderRevenue(order);
    point.orders += 1;
  }
  for (const point of points.values())
    point.aovMinor = point.orders ? Math.round(point.revenueMinor / point.orders) : 0;
  return [...points.values()];
}

export interface CategoryRevenue {
  category: string;
  revenueMinor: number;
  units: number;
}

/** Line revenue (shipping excluded) per category; a product missing from the map is "unknown". */
export function revenueByCategory(
  orders: readonly Order[],
  categoryOf: ReadonlyMap<string, string>,
  window: Window,
): CategoryRevenue[] {
  const totals = new Map<string, CategoryRevenue>();
  for (const order of orders) {
    if (!isSale(order) || !inWindow(placedAt(order), window)) continue;
    for (const line of order.lines) {
      const category = categoryOf.get(line.productId) ?? "unknown";
      const entry = totals.get(category) ?? { category, revenueMinor: 0, units: 0 };
      entry.revenueMinor += lineRevenue(line, order);
      entry.units += keptUnits(order, line);
      totals.set(category, entry);
    }
  }
  return [...totals.values()].sort((a, b) => b.revenueMinor - a.revenueMinor || a.category.localeCompare(b.category));
}

export interface ProductSales {
  productId: string;
  /** The name on the most recent order line (orders keep a snapshot). */
  name: string;
  revenueMinor: number;
  units: number;
  orders: number;
}

/** The best sellers by line revenue, then units; ties broken by product id so the list is stable. */
export function topProducts(orders: readonly Order[], window: Window, limit = 10): ProductSales[] {
  const totals = new Map<string, ProductSales & { lastAt: number }>();
  for (const order of orders) {
    const at = placedAt(order);
    if (!isSale(order) || !inWindow(at, window)) continue;
    const seen = new Set<string>();
    for (const line of order.lines) {
      const entry = totals.get(line.productId) ?? {
        productId: line.productId,
        name: line.name,
        revenueMinor: 0,
        units: 0,
        orders: 0,
        lastAt: -Infinity,
      };
      entry.revenueMinor += lineRevenue(line, order);
      entry.units += keptUnits(order, line);
      if (!seen.has(line.productId)) entry.orders += 1;
      seen.add(line.productId);
      if (at >= entry.lastAt) {
        entry.lastAt = at;
        entry.name = line.name;
      }
      totals.set(line.productId, entry);
    }
  }
  return [...totals.values()]
    .sort((a, b) => b.revenueMinor - a.revenueMinor || b.units - a.units || a.productId.localeCompare(b.productId))
    .slice(0, limit)
    .map(({ lastAt: _lastAt, ...rest }) => rest);
}
