import { describe, expect, it } from "vitest";
import {
  BASE_CURRENCY,
  currencySymbol,
  formatMoney,
  inputToMinor,
  minorToInput,
  minorToUnits,
  parseMinor,
  unitsToMinor,
  type CurrencyCode,
} from "~/domain/money";
import { discountPercent, flooredPercent, formatPercent, percentOf } from "~/domain/percent";

describe("formatMoney", () => {
  it("formats integer cents as euros", () => {
    expect(formatMoney(4590, BASE_CURRENCY)).toBe("€45.90");
    expect(formatMoney(0, BASE_CURRENCY)).toBe("€0.00");
    expect(formatMoney(123456, BASE_CURRENCY)).toBe("€1,234.56");
    expect(formatMoney(4900, "EUR")).toBe("€49.00");
  });
  it("writes pounds with the pound sign", () => {
    expect(formatMoney(4299, "GBP")).toBe("£42.99");
  });
});

describe("discountPercent", () => {
  it("rounds down so a sale is never overstated", () => {
    expect(discountPercent(6900, 9900)).toBe(30); // 30.3%
    expect(discountPercent(2990, 3990)).toBe(25); // 25.06%
  });
  it("is 0 without a higher compare-at price", () => {
    expect(discountPercent(5000, null)).toBe(0);
    expect(discountPercent(5000, undefined)).toBe(0);
    expect(discountPercent(5000, 5000)).toBe(0);
    expect(discountPercent(5000, 4000)).toBe(0);
  });
});

describe("percent helpers", () => {
  it("round and floor as their names say", () => {
    expect(formatPercent(0.254)).toBe("25%");
    expect(flooredPercent(2, 3)).toBe(66);
    expect(percentOf(1999, 10)).toBe(200);
  });
});

describe("parseMinor", () => {
  it("accepts whole amounts and up to two decimals in euros", () => {
    expect(parseMinor("12", "EUR")).toBe(1200);
    expect(parseMinor("12.5", "EUR")).toBe(1250);
    expect(parseMinor(" 0.99 ", "EUR")).toBe(99);
  });
  it("rejects negatives, three decimals and text", () => {
    for (const bad of ["-1", "1.999", "abc", "", "1e3", "1,50"]) expect(parseMinor(bad, "EUR")).toBeNull();
  });
  it("reads yen as whole units and refuses decimals", () => {
    expect(parseMinor("1200", "JPY")).toBe(1200);
    expect(parseMinor("12.5", "JPY")).toBeNull();
  });
  it("round-trips with minorToInput", () => {
    for (const code of ["EUR", "GBP", "CHF"] as CurrencyCode[]) {
      for (const minor of [0, 5, 99, 1250, 4900, 123456]) {
        const text = minorToInput(minor, code);
        expect(parseMinor(text, code)).toBe(minor);
      }
    }
    expect(minorToInput(4900, "EUR")).toBe("49.00");
    expect(minorToInput(1200, "JPY")).toBe("1200");
  });
});

describe("inputToMinor", () => {
  it("reads what parseMinor reads, after the currency's own sign or code", () => {
    expect(inputToMinor("12.50", "EUR")).toBe(1250);
    expect(inputToMinor("€12.50", "EUR")).toBe(1250);
    expect(inputToMinor(" € 12 ", "EUR")).toBe(1200);
    expect(inputToMinor("£25", "GBP")).toBe(2500);
    expect(inputToMinor("CHF 30", "CHF")).toBe(3000);
    expect(inputToMinor("$5", "USD")).toBe(500);
  });
  it("refuses another currency's sign, a sign alone and what parseMinor refuses", () => {
    for (const bad of ["£25", "$5", "€", "€-1", "€1.999", "EUR"]) expect(inputToMinor(bad, "EUR")).toBeNull();
  });
});

describe("minorToInput", () => {
  it("writes the currency's digits, no symbol, no grouping; keeps a minus", () => {
    expect(minorToInput(null, "EUR")).toBe("");
    expect(minorToInput(5, "EUR")).toBe("0.05");
    expect(minorToInput(13500, "GBP")).toBe("135.00");
    expect(minorToInput(123456, "EUR")).toBe("1234.56");
    expect(minorToInput(-495, "EUR")).toBe("-4.95");
  });
});

describe("units and minor units", () => {
  it("scale by the currency's minor digits", () => {
    expect(unitsToMinor(12, "EUR")).toBe(1200);
    expect(unitsToMinor(12, "JPY")).toBe(12);
    expect(unitsToMinor(0.1 + 0.2, "EUR")).toBe(30);
    expect(minorToUnits(1250, "EUR")).toBe(12.5);
    expect(minorToUnits(1200, "JPY")).toBe(1200);
  });
});

describe("currencySymbol", () => {
  it("is the sign the currency's shoppers write", () => {
    expect(currencySymbol("EUR")).toBe("€");
    expect(currencySymbol("GBP")).toBe("£");
    expect(currencySymbol("CHF")).toBe("CHF");
  });
});
