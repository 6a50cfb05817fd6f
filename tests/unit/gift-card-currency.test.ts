import { describe, expect, it } from "vitest";
import { giftCardLineProblem, giftCardPaymentProblem, scaledLimitMinor } from "~/domain/gift-card-currency";
import { giftCardLiability } from "~/domain/gift-card-liability";

// A gift card holds one currency: it pays, and is sold, only in orders of that currency.

describe("gift card currency rule", () => {
  it("lets a card pay an order in its own currency only, naming both currencies when it refuses", () => {
    expect(giftCardPaymentProblem("GBP", "GBP")).toBeNull();
    expect(giftCardPaymentProblem("CHF", "CHF")).toBeNull();
    const refused = giftCardPaymentProblem("EUR", "GBP");
    expect(refused).toContain("This gift card is in EUR and this order is in GBP");
    expect(refused).toContain("Nothing was charged and no order was placed.");
    expect(giftCardPaymentProblem("GBP", "EUR")).toContain("in GBP and this order is in EUR");
  });

  it("sells a card amount only in an order of its currency", () => {
    expect(giftCardLineProblem("£50", "GBP", "GBP")).toBeNull();
    expect(giftCardLineProblem("£50", "GBP", "EUR")).toBe(
      "The £50 gift card is in GBP and your order is in EUR: remove it (or choose the GBP market) to order the rest.",
    );
  });

  it("scales the euro limits of amounts per currency", () => {
    expect(scaledLimitMinor(500, "EUR")).toBe(50_000);
    expect(scaledLimitMinor(500, "GBP")).toBe(50_000);
    expect(scaledLimitMinor(500, "SEK")).toBe(500_000);
    expect(scaledLimitMinor(5, "JPY")).toBe(1000);
  });
});

describe("gift card liability", () => {
  const markets = [
    { currency: "EUR" as const, rateMicros: 1_000_000 },
    { currency: "GBP" as const, rateMicros: 860_000 },
    { currency: "CHF" as const, rateMicros: 940_000 },
  ];

  it("keeps each currency's balance and estimates the whole in euros at the markets' rates", () => {
    const liability = giftCardLiability(
      [
        { currency: "CHF", balanceMinor: 9400 },
        { currency: "EUR", balanceMinor: 2500 },
        { currency: "GBP", balanceMinor: 8600 },
      ],
      markets,
    );
    expect(liability.byCurrency).toEqual([
      { currency: "CHF", balanceMinor: 9400, baseMinor: 10_000 },
      { currency: "EUR", balanceMinor: 2500, baseMinor: 2500 },
      { currency: "GBP", balanceMinor: 8600, baseMinor: 10_000 },
    ]);
    expect(liability.estimateBaseMinor).toBe(22_500);
    expect(liability.unrated).toEqual([]);
  });

  it("leaves out of the estimate, and names, a currency no market sells in any more", () => {
    const liability = giftCardLiability(
      [
        { currency: "EUR", balanceMinor: 1000 },
        { currency: "SEK", balanceMinor: 50_000 },
      ],
      markets,
    );
    expect(liability.estimateBaseMinor).toBe(1000);
    expect(liability.unrated).toEqual(["SEK"]);
    expect(liability.byCurrency[1]).toEqual({ currency: "SEK", balanceMinor: 50_000, baseMinor: null });
  });
});
