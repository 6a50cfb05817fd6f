import { describe, expect, it } from "vitest";
import { withOrderMarket, type Order } from "~/domain/commerce";
import { currencySymbol } from "~/domain/money";
import { invoiceOf } from "~/domain/invoice";
import { refundFormSchema } from "~/lib/refund-form";
import { orderConfirmationMail } from "~/server/services/orders/emails.server";
import { orderRevenue, lineRevenue } from "~/server/services/analytics/revenue-rules.server";
import { promotionPerformance } from "~/server/services/analytics/owner-reports.server";
import { salesFigures } from "~/server/services/analytics/sales.server";
import { order, orderLine } from "../support/order-fixture";

// An order in another currency is kept, shown and reported as it was priced: its amounts in its
// currency everywhere a shopper or an owner reads that order (e-mail, invoice, refund form), and
// in euros at the order's own rate in every report, so pounds are never added to euros.

const ALL = { from: Date.parse("2026-01-01T00:00:00Z"), to: Date.parse("2026-12-31T00:00:00Z") };

/** £42.99 + £4.26 delivery, priced at 0.86 £ per €. */
const inPounds = (overrides: Partial<Order> = {}) =>
  order({
    lines: [orderLine({ unitPriceMinor: 4299 })],
    shippingMinor: 426,
    currency: "GBP",
    rateMicros: 860_000,
    marketId: "united-kingdom",
    ...overrides,
  });

describe("an order in pounds", () => {
  it("counts in reports in euros at its own rate, beside a euro order as it is", () => {
    // £47.25 / 0.86 = €54.94 (to the cent); £42.99 / 0.86 = €49.99.
    expect(orderRevenue(inPounds())).toBe(5494);
    expect(lineRevenue(inPounds().lines[0], inPounds())).toBe(4999);
    const euros = order({ lines: [orderLine({ unitPriceMinor: 4995 })], shippingMinor: 495 });
    expect(orderRevenue(euros)).toBe(5490);
    const figures = salesFigures([inPounds(), euros], [], ALL);
    expect(figures).toMatchObject({ revenueMinor: 5494 + 5490, orders: 2 });
  });

  it("counts a promotion's discount in euros at the order's rate", () => {
    const applied = { promotionId: "p", name: "Ten off", code: "TEN", kind: "fixed" as const, discountMinor: 860 };
    const [row] = promotionPerformance([inPounds({ promotions: [applied] })]);
    expect(row).toMatchObject({ discountMinor: 1000 });
  });

  it("states pounds in its confirmation and on its invoice", () => {
    const paid = inPounds({ invoiceNumber: "INV-2026-000001" });
    const mail = orderConfirmationMail("Hemline", paid, "https://shop.test/orders/x");
    expect(mail.text).toContain("£42.99");
    expect(mail.text).toContain("£47.25");
    expect(mail.text).not.toContain("€");
    expect(invoiceOf(paid)).toMatchObject({ currency: "GBP", totalMinor: 4725 });
  });

  it("takes a refund typed in the order's currency, in its minor units, and names the currency when it is wrong", () => {
    expect(refundFormSchema("GBP").parse({ amount: "12.50" }).amount).toBe(1250);
    expect(refundFormSchema("JPY").parse({ amount: "1250" }).amount).toBe(1250);
    const wrong = refundFormSchema("JPY").safeParse({ amount: "12.50" });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe("Enter the amount in JPY, such as 1250.");
    // The form's label names the currency by its sign: "Amount to refund (£)".
    expect([currencySymbol("EUR"), currencySymbol("GBP"), currencySymbol("CHF")]).toEqual(["€", "£", "CHF"]);
  });
});

describe("an order from before markets", () => {
  it("reads as euros at rate 1 in the seeded market", () => {
    const { currency: _c, rateMicros: _r, marketId: _m, ...old } = order();
    expect(withOrderMarket(old)).toMatchObject({ currency: "EUR", rateMicros: 1_000_000, marketId: "europe" });
    expect(orderRevenue(withOrderMarket(old))).toBe(old.totalMinor);
  });
});
