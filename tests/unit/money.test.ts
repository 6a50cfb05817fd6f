import { describe, expect, it } from "vitest";
import { BASE_CURRENCY } from "~/domain/currency";
import { discountPercent, formatMoney, parseMoneyToMinor } from "~/lib/money";

describe("formatMoney", () => {
  it("formats integer cents as euros", () => {
    expect(formatMoney(4590, BASE_CURRENCY)).toBe("€45.90");
    expect(formatMoney(0, BASE_CURRENCY)).toBe("€0.00");
    expect(formatMoney(123456, BASE_CURRENCY)).toBe("€1,234.56");
  });
});

describe("discountPercent", () => {
  it("rounds down so a sale is never overstated", () => {
    expect(discountPercent(6900, 9900)).toBe(30); // 30.3%
    expect(discountPercent(2990, 3990)).toBe(25); // 25.06%
  });
  it("is 0 without a higher compare-at price", () => {
    expect(discountPercent(5000, null)).toBe(0);
    expect(discountPercent(5000, 5000)).toBe(0);
    expect(discountPercent(5000, 4000)).toBe(0);
  });
});

describe("parseMoneyToMinor", () => {
  it("accepts whole amounts and up to two decimals", () => {
    expect(parseMoneyToMinor("12")).toBe(1200);
    expect(parseMoneyToMinor("12.5")).toBe(1250);
    expect(parseMoneyToMinor(" 0.99 ")).toBe(99);
  });
  it("rejects negatives, three decimals and text", () => {
    for (const bad of ["-1", "1.999", "abc", "", "1e3", "1,50"]) expect(parseMoneyToMinor(bad)).toBeNull();
  });
});
