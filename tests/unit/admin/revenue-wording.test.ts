import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "~/domain/commerce";
import { STATUS_LABELS } from "~/lib/order-status";
import { itemSalesNote, revenueNote, revenueStatusesText, spendNote } from "~/lib/revenue-wording";
import { customerTotals } from "~/server/services/analytics/customers.server";
import { isSale, REVENUE_STATUSES } from "~/server/services/analytics/revenue-rules.server";
import { order } from "../../support/order-fixture";

// The back office's notes name exactly the statuses the reports count, from the same list.

describe("what the revenue and spend notes say", () => {
  it("names every status the rule counts as a sale and none it does not", () => {
    const text = revenueStatusesText();
    for (const status of ORDER_STATUSES) {
      const named = new RegExp(`(^|, | and )${STATUS_LABELS[status].toLowerCase()}(,| and|$)`).test(text);
      expect(named, status).toBe(isSale(order({ status })));
    }
    expect(text).toBe("paid, shipped, delivered and partially refunded");
  });

  it("says spend is net of refunds, over the statuses it is computed from", () => {
    const refunded = order({
      status: "partially_refunded",
      refunds: [
        {
          id: "r1",
          amountMinor: 700,
          reason: "",
          lines: [],
          state: "succeeded",
          reference: "re_1",
          returnId: null,
          at: "2026-11-20T10:00:00.000Z",
          by: "admin@hemline.test",
        },
      ],
    });
    // The figure the note describes: a partially refunded order counts, less its refund.
    expect(customerTotals([refunded]).spendMinor).toBe(refunded.totalMinor - 700);
    expect(spendNote()).toBe(
      "Spend is what was paid for paid, shipped, delivered and partially refunded orders, delivery included, less what was refunded.",
    );
    expect(REVENUE_STATUSES.every((s) => spendNote().includes(STATUS_LABELS[s].toLowerCase()))).toBe(true);
    expect(revenueNote()).toContain("partially refunded orders, delivery included, net of refunds");
    expect(itemSalesNote()).toContain("after discounts and refunds, without delivery");
  });
});
