import type { Order, OrderStatus } from "~/domain/commerce";
import type { Store } from "~/server/store/port";
import type { Product } from "~/domain/product";
import type { Profile } from "~/domain/profile";
import { returningCustomers, signUpsOverTime } from "./customers.server";
import { createStockWatch } from "./low-stock.server";
import { ordersByDay, ordersByStatus, timeToShip } from "./orders-report.server";
import { DAY_MS, startOfUtcDay, type Granularity, type Window } from "./periods.server";
import {
  cohorts,
  lowStockToReorder,
  promotionPerformance,
  returnsByProduct,
  SALES_WINDOW_DAYS,
  variantStock,
} from "./owner-reports.server";
import { reorderCsv } from "./reorder-csv.server";
import { periodSummaries, revenueByCategory, revenueOverTime, salesFigures, topProducts } from "./sales.server";

// Loads what the reports need from the store and hands it to the pure functions beside this
// file. Reports read orders by creation date (one indexed range query on both backends) and
// compute in memory: a shop of this size has thousands of orders a quarter, not millions.

const PROFILE_BATCH = 1000;
/** The dashboard's short lists. */
const ACTION_LIST = 5;
const RECENT_LIST = 8;
/** Owner reports: returns and promotions over this many days, cohorts over a year, 50 rows a list. */
const OWNER_PERIOD_DAYS = 90;
const COHORT_DAYS = 365;
const REPORT_ROWS = 50;

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/** What the reports add up: orders and profiles in the store. */
export interface AnalyticsDeps {
  store: Store;
  /** The end of "the last N days"; absent in production, where it is the real clock (tests fix it). */
  now?: () => Date;
}

export function createAnalyticsService(deps: AnalyticsDeps) {
  const { store } = deps;
  const now = () => (deps.now ?? (() => new Date()))().getTime();
  const isoOf = (ms: number) => new Date(ms).toISOString();

  const stockWatch = createStockWatch(store);
  const ordersIn = (window: Window): Promise<Order[]> =>
    store.orders.createdBetween(isoOf(window.from), isoOf(window.to));

  async function profilesIn(window: Window): Promise<Profile[]> {
    const all: Profile[] = [];
    for (let offset = 0; ; offset += PROFILE_BATCH) {
      const page = await store.profiles.list({
        from: isoOf(window.from),
        to: isoOf(window.to),
        limit: PROFILE_BATCH,
        offset,
      });
      all.push(...page.profiles);
      if (page.profiles.length < PROFILE_BATCH) return all;
    }
  }

  /** productId → category for the products these orders name (archived and draft ones included). */
  async function categoriesOf(orders: readonly Order[]): Promise<Map<string, string>> {
    const ids = [...new Set(orders.flatMap((o) => o.lines.map((l) => l.productId)))];
    const products = await Promise.all(ids.map((id) => store.products.get(id)));
    return new Map(products.filter((p): p is Product => p !== null).map((p) => [p.id, p.category]));
  }

  async function needingAction(status: OrderStatus) {
    const { orders, total } = await store.orders.list({ status, limit: ACTION_LIST, offset: 0 });
    return { orders, total };
  }

  /** The products these orders name, by id (archived and draft ones included). */
  async function productsOf(orders: readonly Order[]): Promise<Map<string, Product>> {
    const ids = [...new Set(orders.flatMap((o) => o.lines.map((l) => l.productId)))];
    const products = await Promise.all(ids.map((id) => store.products.get(id)));
    return new Map(products.filter((p): p is Product => p !== null).map((p) => [p.id, p]));
  }

  /** Sell-through and days of stock left per variant sold in the last 30 days, fewest days first. */
  async function stockReport() {
    const at = now();
    const orders = await ordersIn({ from: at - SALES_WINDOW_DAYS * DAY_MS, to: at + 1 });
    return variantStock(orders, await productsOf(orders));
  }

  return {
    /**
     * Reports an owner acts on: stock (last 30 days' sales), the reorder list, returns and
     * promotions (sales placed in the last 90 days), cohorts (sales placed in the last 12 months).
     */
    async ownerReports() {
      const at = now();
      const [stock, recent, year] = await Promise.all([
        stockReport(),
        ordersIn({ from: at - OWNER_PERIOD_DAYS * DAY_MS, to: at + 1 }),
        ordersIn({ from: at - COHORT_DAYS * DAY_MS, to: at + 1 }),
      ]);
      return {
        stock: stock.slice(0, REPORT_ROWS),
        stockRows: stock.length,
        reorder: lowStockToReorder(stock),
        returns: returnsByProduct(recent).slice(0, REPORT_ROWS),
        promotions: promotionPerformance(recent),
        cohorts: cohorts(year),
      };
    },

    /** The reorder list in full, as CSV. */
    async reorderCsv() {
      return reorderCsv(lowStockToReorder(await stockReport()));
    },

    /** Headline figures for today, 7 and 30 days (each against the period before), work waiting, low stock and the latest orders. */
    async dashboard() {
      const at = now();
      // 60 days back covers the 30-day period and the one it is compared with.
      const history = { from: at - 60 * DAY_MS, to: at + 1 };
      const [orders, profiles, toShip, awaitingPayment, recent, stock] = await Promise.all([
        ordersIn(history),
        profilesIn(history),
        needingAction("paid"),
        needingAction("pending_payment"),
        store.orders.list({ limit: RECENT_LIST, offset: 0 }),
        stockWatch.report(),
      ]);
      return {
        periods: periodSummaries(orders, profiles, at),
        toShip,
        awaitingPayment,
        recent: recent.orders,
        stock,
      };
    },

    /** Sales: revenue over time at a granularity, by category, top products and average order value. */
    async sales(window: Window, granularity: Granularity) {
      const orders = await ordersIn(window);
      const categories = await categoriesOf(orders);
      return {
        totals: salesFigures(orders, [], window),
        overTime: revenueOverTime(orders, window, granularity),
        byCategory: revenueByCategory(orders, categories, window),
        topProducts: topProducts(orders, window, 10),
      };
    },

    /** Operations: orders by status and by day, time from payment to dispatch. */
    async orders(window: Window) {
      const orders = await ordersIn(window);
      return {
        total: orders.length,
        byStatus: ordersByStatus(orders, window),
        byDay: ordersByDay(orders, window),
        timeToShip: timeToShip(orders, window),
      };
    },

    /** Customers: sign-ups over time and how many customers came back. */
    async customers(window: Window, granularity: Granularity) {
      const [orders, profiles] = await Promise.all([ordersIn(window), profilesIn(window)]);
      return { signUps: signUpsOverTime(profiles, window, granularity), returning: returningCustomers(orders, window) };
    },

    /** The overview: headline sales, revenue by day, orders by status, sign-ups and returning customers, from one read. */
    async overview(window: Window) {
      const [orders, profiles] = await Promise.all([ordersIn(window), profilesIn(window)]);
      return {
        totals: salesFigures(orders, profiles, window),
        revenueByDay: revenueOverTime(orders, window, "day"),
        byStatus: ordersByStatus(orders, window),
        returning: returningCustomers(orders, window),
      };
    },

    /** The default report window: the last `days` whole UTC days including today. */
    lastDays(days: number): Window {
      const at = now();
      return { from: startOfUtcDay(at) - (days - 1) * DAY_MS, to: at + 1 };
    },
  };
}
