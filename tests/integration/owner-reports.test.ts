import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order } from "~/domain/commerce";
import type { ReturnRequest } from "~/domain/return-record";
import { createAnalyticsService } from "~/server/services/analytics/analytics.server";
import type { Store } from "~/server/store/port";
import { STORE_ADAPTERS } from "../contract/adapters";
import { lineFor, makeOrder } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";

// The owner's reports on every real store, against orders placed for the purpose: each figure
// is worked out by hand below from what the orders hold.

const NOW = new Date("2026-11-26T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY).toISOString();

const shirt = makeProduct({ id: "rshirt", name: "Report shirt", priceMinor: 2000 });
shirt.variants = shirt.variants.map((v) => ({ ...v, stock: v.sku === "RSHIRT-BLACK-M" ? 3 : 20 }));
const jeans = makeProduct({ id: "rjeans", name: "Report jeans", priceMinor: 5000 });

const paid = (lines: Order["lines"], createdAt: string, email: string, overrides: Partial<Order> = {}) =>
  makeOrder(lines, {
    createdAt,
    email,
    status: "paid",
    payment: { ...makeOrder([]).payment, state: "succeeded" },
    ...overrides,
  });

const returnOf = (sku: string, quantity: number, reason: string, status: ReturnRequest["status"]): ReturnRequest => ({
  id: `${sku}-${reason}`,
  number: "R-1",
  lines: [{ sku, quantity, restock: null }],
  reason,
  status,
  message: null,
  refundId: null,
  createdAt: daysAgo(5),
  updatedAt: daysAgo(5),
});

const AUTUMN = { promotionId: "autumn", name: "Autumn", code: "AUTUMN", kind: "percentage" as const };

const orders = [
  // Ada, 10 days ago: 9 of Black M, 500 off with AUTUMN; she returns 2 (too small), a rejected return of 1 is not counted.
  paid([lineFor(shirt, "M", "Black", 9)], daysAgo(10), "ada@example.com", {
    promotions: [{ ...AUTUMN, discountMinor: 500 }],
    discountMinor: 500,
    totalMinor: 18000 - 500 + 495,
    returns: [
      returnOf("RSHIRT-BLACK-M", 2, "Too small", "received"),
      returnOf("RSHIRT-BLACK-M", 1, "Changed my mind", "rejected"),
    ],
  }),
  // Ada's first sale, 40 days ago (October): outside the 30 days of stock, inside the 90 of returns and promotions.
  paid([lineFor(shirt, "S", "Sage", 2)], daysAgo(40), "ada@example.com", {
    promotions: [{ ...AUTUMN, discountMinor: 300 }],
    discountMinor: 300,
    totalMinor: 4000 - 300 + 495,
  }),
  // Bo, 5 days ago: one pair of jeans, no promotion.
  paid([lineFor(jeans, "M", "Black", 1)], daysAgo(5), "bo@example.com"),
  // Not sales: awaiting payment, and fully refunded (its units still count as sold for returns).
  makeOrder([lineFor(shirt, "M", "Black", 5)], { createdAt: daysAgo(2), email: "cy@example.com" }),
  makeOrder([lineFor(jeans, "L", "Sage", 1)], {
    createdAt: daysAgo(3),
    email: "di@example.com",
    status: "refunded",
    promotions: [{ ...AUTUMN, discountMinor: 1000 }],
    returns: [returnOf("RJEANS-SAGE-L", 1, "Poor fit", "refunded")],
  }),
];

describe.each(STORE_ADAPTERS)("owner reports on $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let reports: Awaited<ReturnType<ReturnType<typeof createAnalyticsService>["ownerReports"]>>;
  let csv: string;

  beforeAll(async () => {
    ({ store, dispose } = await adapter.create());
    await store.products.upsertMany([shirt, jeans]);
    await store.orders.insertMany(orders);
    const analytics = createAnalyticsService({ store, now: () => NOW });
    reports = await analytics.ownerReports();
    csv = await analytics.reorderCsv();
  });
  afterAll(async () => {
    await dispose();
  });

  it("gives sell-through and days of stock left per variant from the last 30 days' sales", () => {
    // Black M: 9 sold in 30 days (0.3 a day), 3 in stock: 75% sell-through, 10 days left.
    // Jeans Black M: 1 sold, 5 in stock: 16%, 150 days. Sage S sold 40 days ago: not listed.
    expect(reports.stock.map((r) => [r.sku, r.sold, r.stock, r.sellThroughPercent, r.daysLeft])).toEqual([
      ["RSHIRT-BLACK-M", 9, 3, 75, 10],
      ["RJEANS-BLACK-M", 1, 5, 16, 150],
    ]);
  });

  it("lists what to reorder, with units that cover 30 days, and exports it as CSV", () => {
    expect(reports.reorder.map((r) => [r.sku, r.reorder])).toEqual([["RSHIRT-BLACK-M", 6]]);
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      {
        sku: "RSHIRT-BLACK-M",
        product: "Report shirt",
        size: "M",
        colour: "Black",
        sold_last_30_days: "9",
        in_stock: "3",
        days_left: "10",
        reorder_units: "6",
      },
    ]);
  });

  it("gives the returns rate and reasons per product", () => {
    // Shirt: 9 + 2 units sold (the unpaid order left out), 2 returned (the rejected return not counted).
    // Jeans: 1 + 1 (the refunded order was sold), 1 returned.
    expect(reports.returns).toEqual([
      {
        productId: "rjeans",
        name: "Report jeans",
        sold: 2,
        returned: 1,
        ratePercent: 50,
        reasons: [{ reason: "Poor fit", count: 1 }],
      },
      {
        productId: "rshirt",
        name: "Report shirt",
        sold: 11,
        returned: 2,
        ratePercent: 18.2,
        reasons: [{ reason: "Too small", count: 1 }],
      },
    ]);
  });

  it("gives each promotion's orders, discount and revenue from sales only", () => {
    expect(reports.promotions).toEqual([
      {
        promotionId: "autumn",
        name: "Autumn",
        code: "AUTUMN",
        orders: 2,
        discountMinor: 800,
        revenueMinor: 18000 - 500 + 495 + (4000 - 300 + 495),
      },
    ]);
  });

  it("groups customers by the month of their first sale, with who came back", () => {
    expect(reports.cohorts).toEqual([
      { month: "2026-10", customers: 1, repeat: 1, repeatPercent: 100 },
      { month: "2026-11", customers: 1, repeat: 0, repeatPercent: 0 },
    ]);
  });
});
