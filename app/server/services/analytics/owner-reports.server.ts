import type { Order } from "~/domain/commerce";
import type { Product } from "~/domain/product";
import { flooredPercent } from "~/domain/percent";
import { refundedQuantity } from "~/domain/refund";
import { customerKey, inBase, isSale, orderRevenue } from "./revenue-rules.server";

// Reports an owner acts on: what to reorder, what comes back and why, which promotions pay, and
// whether customers return. Pure functions of orders (and products for stock); the analytics
// service loads them. Sales are the orders revenue-rules counts (paid, shipped, delivered,
// partially refunded); every figure below says which units it counts.

export const SALES_WINDOW_DAYS = 30;
/** A variant with fewer days of stock left than this is on the reorder list. */
export const REORDER_WITHIN_DAYS = 14;
/** The reorder list suggests enough to cover this many days at the current rate of sale. */
export const COVER_DAYS = 30;

export interface VariantStockRow {
  productId: string;
  name: string;
  sku: string;
  size: string;
  colour: string;
  /** Units in sales placed in the window, less units refunded on them. */
  sold: number;
  /** Units in stock now (never below 0). */
  stock: number;
  /** sold ÷ (sold + stock), in percent, rounded down. */
  sellThroughPercent: number;
  /** stock ÷ (sold ÷ window days), rounded down; null when nothing sold in the window. */
  daysLeft: number | null;
  /** Units to order so that stock covers COVER_DAYS at the rate of sale (0 when it does). */
  reorder: number;
}

/** Units kept per SKU in these sales (units refunded taken off). */
function unitsSold(orders: readonly Order[]): Map<string, { productId: string; units: number }> {
  const sold = new Map<string, { productId: string; units: number }>();
  for (const order of orders) {
    if (!isSale(order)) continue;
    for (const line of order.lines) {
      const kept = line.quantity - refundedQuantity(order, line.sku);
      const entry = sold.get(line.sku) ?? { productId: line.productId, units: 0 };
      entry.units += Math.max(0, kept);
      sold.set(line.sku, entry);
    }
  }
  return sold;
}

/** Sell-through and days of stock left of every variant sold in the window, fewest days first. */
export function variantStock(
  orders: readonly Order[],
  products: ReadonlyMap<string, Product>,
  windowDays = SALES_WINDOW_DAYS,
): VariantStockRow[] {
  const rows: VariantStockRow[] = [];
  for (const [sku, { productId, units }] of unitsSold(orders)) {
    const product = products.get(productId);
    const variant = product?.variants.find((v) => v.sku === sku);
    if (!product || !variant || units === 0) continue;
    const stock = Math.max(0, variant.stock);
    const perDay = units / windowDays;
    rows.push({
      productId,
      name: product.name,
      sku,
      size: variant.size,
      colour: variant.colour,
      sold: units,
      stock,
      sellThroughPercent: flooredPercent(units, units + stock),
      daysLeft: Math.floor(stock / perDay),
      reorder: Math.max(0, Math.ceil(perDay * COVER_DAYS) - stock),
    });
  }
  return rows.sort((a, b) => (a.daysLeft ?? Infinity) - (b.daysLeft ?? Infinity) || b.sold - a.sold);
}

/** The reorder list: variants that sold in the window with fewer than REORDER_WITHIN_DAYS of stock left. */
export function lowStockToReorder(rows: readonly VariantStockRow[]): VariantStockRow[] {
  return rows.filter((r) => r.daysLeft !== null && r.daysLeft < REORDER_WITHIN_DAYS);
}

export interface ProductReturnsRow {
  productId: string;
  name: string;
  /** Units in sales placed in the period (before any refund). */
  sold: number;
  /** Units in returns the shopper started on those orders, rejected ones left out. */
  returned: number;
  /** returned ÷ sold, in percent, one decimal. */
  ratePercent: number;
  /** The shoppers' reasons, most given first (one per return request that includes the product). */
  reasons: Array<{ reason: string; count: number }>;
}

/** Returns rate and reasons per product, most returned first. */
export function returnsByProduct(orders: readonly Order[]): ProductReturnsRow[] {
  const rows = new Map<string, { name: string; sold: number; returned: number; reasons: Map<string, number> }>();
  for (const order of orders) {
    // A fully refunded order was still sold: its units count towards the rate.
    if (!isSale(order) && order.status !== "refunded") continue;
    const productOf = new Map(order.lines.map((l) => [l.sku, l]));
    for (const line of order.lines) {
      const row = rows.get(line.productId) ?? { name: line.name, sold: 0, returned: 0, reasons: new Map() };
      row.sold += line.quantity;
      rows.set(line.productId, row);
    }
    for (const request of order.returns ?? []) {
      if (request.status === "rejected") continue;
      const products = new Set<string>();
      for (const l of request.lines) {
        const line = productOf.get(l.sku);
        if (!line) continue;
        rows.get(line.productId)!.returned += l.quantity;
        products.add(line.productId);
      }
      for (const id of products) {
        const reasons = rows.get(id)!.reasons;
        reasons.set(request.reason, (reasons.get(request.reason) ?? 0) + 1);
      }
    }
  }
  return [...rows]
    .map(([productId, r]) => ({
      productId,
      name: r.name,
      sold: r.sold,
      returned: r.returned,
      ratePercent: r.sold ? Math.round((r.returned / r.sold) * 1000) / 10 : 0,
      reasons: [...r.reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
    }))
    .sort((a, b) => b.ratePercent - a.ratePercent || b.returned - a.returned || a.name.localeCompare(b.name));
}

export interface PromotionRow {
  promotionId: string;
  name: string;
  code: string | null;
  /** Sales that used it. */
  orders: number;
  /** What it took off those sales' lines (in euros, at each order's rate). */
  discountMinor: number;
  /** Those sales' revenue (totals net of refunds). */
  revenueMinor: number;
}

/** Each promotion's sales, discount and revenue, highest revenue first. */
export function promotionPerformance(orders: readonly Order[]): PromotionRow[] {
  const rows = new Map<string, PromotionRow>();
  for (const order of orders) {
    if (!isSale(order)) continue;
    for (const applied of order.promotions ?? []) {
      const row = rows.get(applied.promotionId) ?? {
        promotionId: applied.promotionId,
        name: applied.name,
        code: applied.code,
        orders: 0,
        discountMinor: 0,
        revenueMinor: 0,
      };
      row.orders += 1;
      row.discountMinor += inBase(applied.discountMinor, order);
      row.revenueMinor += orderRevenue(order);
      rows.set(applied.promotionId, row);
    }
  }
  return [...rows.values()].sort((a, b) => b.revenueMinor - a.revenueMinor || a.name.localeCompare(b.name));
}

export interface CohortRow {
  /** "2026-09": the month (UTC) of the customers' first sale. */
  month: string;
  /** Customers whose first sale was in that month (an account, or a guest's e-mail). */
  customers: number;
  /** Of those, customers with a second sale at any later time. */
  repeat: number;
  /** repeat ÷ customers, in percent, rounded down. */
  repeatPercent: number;
}

/** Customers grouped by the month of their first sale, with how many came back; oldest month first. */
export function cohorts(orders: readonly Order[]): CohortRow[] {
  const byCustomer = new Map<string, { first: string; count: number }>();
  for (const order of orders) {
    if (!isSale(order)) continue;
    const key = customerKey(order);
    const seen = byCustomer.get(key);
    if (!seen) byCustomer.set(key, { first: order.createdAt, count: 1 });
    else {
      seen.count += 1;
      if (order.createdAt < seen.first) seen.first = order.createdAt;
    }
  }
  const months = new Map<string, CohortRow>();
  for (const { first, count } of byCustomer.values()) {
    const month = first.slice(0, 7);
    const row = months.get(month) ?? { month, customers: 0, repeat: 0, repeatPercent: 0 };
    row.customers += 1;
    if (count > 1) row.repeat += 1;
    months.set(month, row);
  }
  return [...months.values()]
    .map((r) => ({ ...r, repeatPercent: flooredPercent(r.repeat, r.customers) }))
    .sort((a, b) => a.month.localeCompare(b.month));
}

export const REORDER_CSV_COLUMNS = [
  "sku",
  "product",
  "size",
  "colour",
  "sold_last_30_days",
  "in_stock",
  "days_left",
  "reorder_units",
] as const;
