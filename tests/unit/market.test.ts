import { describe, expect, it } from "vitest";
import {
  CURRENCIES,
  CURRENCY_CODES,
  formatMoney,
  formatMoneyInText,
  formatWholeMoney,
  minorToInput,
  parseMinor,
} from "~/domain/money";
import {
  baseMarket,
  convertFromBase,
  defaultMarket,
  formatRate,
  marketCountryClash,
  marketForCountry,
  marketOf,
  marketPrice,
  marketProblems,
  parseRate,
  toBaseMinor,
  type Market,
} from "~/domain/market";

// The rules a shopper's prices come from in a market: conversion at the owner's rate, rounded up
// to the owner's ending in the market's currency, a product's own price winning, and each amount
// written as that currency's shoppers read it.

const AT = "2026-11-27T00:00:00.000Z";
const NBSP = "\u00a0";

const market = (overrides: Partial<Market> = {}): Market => ({
  id: "uk",
  name: "United Kingdom",
  countries: ["GB"],
  currency: "GBP",
  rateMicros: 860_000,
  rounding: "exact",
  isDefault: false,
  position: 1,
  updatedAt: AT,
  ...overrides,
});

describe("the currency table", () => {
  it("has at least the currencies the issue names, each with its minor units and a locale", () => {
    for (const code of ["EUR", "GBP", "CHF", "SEK", "NOK", "DKK", "USD"] as const) {
      expect(CURRENCY_CODES).toContain(code);
      expect(CURRENCIES[code].minorDigits).toBe(2);
    }
    expect(CURRENCIES.JPY.minorDigits).toBe(0);
  });

  it("writes amounts as the currency's shoppers read them", () => {
    expect(formatMoney(4995, "EUR")).toBe("€49.95");
    expect(formatMoney(4299, "GBP")).toBe("£42.99");
    expect(formatMoney(9495, "CHF")).toBe(`CHF${NBSP}94.95`);
    expect(formatMoney(57499, "SEK")).toBe(`574,99${NBSP}kr`);
    expect(formatMoney(123450, "USD")).toBe("$1,234.50");
    expect(formatMoney(8017, "JPY")).toBe("￥8,017");
    expect(formatMoneyInText(7500, "GBP")).toBe("£75");
    expect(formatMoneyInText(495, "GBP")).toBe("£4.95");
    expect(formatWholeMoney(5000, "GBP")).toBe("£50");
  });

  it("reads typed amounts in the currency's minor units and writes them back", () => {
    expect(parseMinor("12.5", "GBP")).toBe(1250);
    expect(parseMinor(" 42.99 ", "CHF")).toBe(4299);
    expect(parseMinor("8017", "JPY")).toBe(8017);
    expect(parseMinor("80.5", "JPY")).toBeNull();
    expect(parseMinor("1.234", "GBP")).toBeNull();
    expect(parseMinor("-1", "GBP")).toBeNull();
    expect(parseMinor("", "GBP")).toBeNull();
    expect(minorToInput(4299, "GBP")).toBe("42.99");
    expect(minorToInput(5, "GBP")).toBe("0.05");
    expect(minorToInput(8017, "JPY")).toBe("8017");
  });
});

describe("converting a base price into a market", () => {
  // €49.95 at 0.86 is £42.957.
  it("rounds up to the market's ending in its own currency", () => {
    expect(convertFromBase(4995, market({ rounding: "exact" }))).toBe(4296);
    expect(convertFromBase(4995, market({ rounding: "whole" }))).toBe(4300);
    expect(convertFromBase(4995, market({ rounding: "95" }))).toBe(4395);
    expect(convertFromBase(4995, market({ rounding: "99" }))).toBe(4299);
  });

  it("keeps an amount already on the ending, and never goes below the converted price", () => {
    const euro = { currency: "EUR" as const, rateMicros: 1_000_000 };
    expect(convertFromBase(4995, { ...euro, rounding: "95" })).toBe(4995);
    expect(convertFromBase(4999, { ...euro, rounding: "99" })).toBe(4999);
    expect(convertFromBase(5000, { ...euro, rounding: "whole" })).toBe(5000);
    expect(convertFromBase(5000, { ...euro, rounding: "99" })).toBe(5099);
    expect(convertFromBase(5001, { ...euro, rounding: "whole" })).toBe(5100);
    // Under one unit: the first price with the ending.
    expect(convertFromBase(50, market({ rounding: "95" }))).toBe(95);
  });

  it("leaves euro prices exactly as they are in the base market, and a free item free everywhere", () => {
    const europe = baseMarket(["IE", "FR"], AT);
    for (const cents of [1, 495, 4995, 12_000, 999_999]) expect(convertFromBase(cents, europe)).toBe(cents);
    expect(convertFromBase(0, market({ rounding: "99" }))).toBe(0);
  });

  it("converts exactly, with no floating-point drift, and rounds half up when exact", () => {
    // €49.95 at 11.5 is 574.425 kr: 57442.5 öre.
    expect(convertFromBase(4995, market({ currency: "SEK", rateMicros: 11_500_000, rounding: "exact" }))).toBe(57443);
    expect(convertFromBase(4995, market({ currency: "SEK", rateMicros: 11_500_000, rounding: "99" }))).toBe(57499);
    // 0.1 × 3 is not 0.3 in floating point; 10 cents at rate 3 is exactly 30.
    expect(convertFromBase(10, market({ currency: "USD", rateMicros: 3_000_000, rounding: "exact" }))).toBe(30);
    expect(convertFromBase(10_000, market({ currency: "CHF", rateMicros: 940_000, rounding: "whole" }))).toBe(9400);
    expect(convertFromBase(10_000, market({ currency: "CHF", rateMicros: 940_000, rounding: "95" }))).toBe(9495);
  });

  it("rounds a currency without cents to whole amounts", () => {
    const yen = market({ currency: "JPY", rateMicros: 160_500_000 });
    // €49.95 at 160.5 is ¥8016.975.
    expect(convertFromBase(4995, { ...yen, rounding: "exact" })).toBe(8017);
    expect(convertFromBase(4995, { ...yen, rounding: "whole" })).toBe(8017);
  });

  it("lets a product's own price in the market take precedence over the conversion", () => {
    expect(marketPrice(4995, market({ rounding: "99" }), 3900)).toBe(3900);
    expect(marketPrice(4995, market({ rounding: "99" }), 0)).toBe(0);
    expect(marketPrice(4995, market({ rounding: "99" }), null)).toBe(4299);
    expect(marketPrice(4995, market({ rounding: "99" }))).toBe(4299);
  });

  it("converts an order's amounts back to the base currency at the order's own rate", () => {
    expect(toBaseMinor(4299, { currency: "GBP", rateMicros: 860_000 })).toBe(4999);
    expect(toBaseMinor(-4299, { currency: "GBP", rateMicros: 860_000 })).toBe(-4999);
    expect(toBaseMinor(4995, { currency: "EUR", rateMicros: 1_000_000 })).toBe(4995);
    expect(toBaseMinor(8017, { currency: "JPY", rateMicros: 160_500_000 })).toBe(4995);
  });
});

describe("rates as the owner types them", () => {
  it("reads up to six decimals and writes them back without trailing zeros", () => {
    expect(parseRate("0.86")).toBe(860_000);
    expect(parseRate("11.5")).toBe(11_500_000);
    expect(parseRate("1")).toBe(1_000_000);
    expect(parseRate("0.000001")).toBe(1);
    expect(parseRate("0")).toBeNull();
    expect(parseRate("0.0000001")).toBeNull();
    expect(parseRate("-1")).toBeNull();
    expect(parseRate("1,5")).toBeNull();
    expect(parseRate("abc")).toBeNull();
    expect(formatRate(860_000)).toBe("0.86");
    expect(formatRate(11_500_000)).toBe("11.5");
    expect(formatRate(1_000_000)).toBe("1");
    expect(formatRate(1)).toBe("0.000001");
  });
});

describe("markets and countries", () => {
  const europe = baseMarket(["IE", "FR", "DE"], AT);
  const uk = market();
  const swiss = market({ id: "ch", name: "Switzerland", countries: ["CH", "LI"], currency: "CHF", position: 2 });

  it("finds the market of a country, and the default for a country in none", () => {
    expect(marketOf([europe, uk, swiss], "li")?.id).toBe("ch");
    expect(marketOf([europe, uk, swiss], "US")).toBeNull();
    expect(marketForCountry([europe, uk, swiss], "GB")?.id).toBe("uk");
    expect(marketForCountry([europe, uk, swiss], "US")?.id).toBe("europe");
    expect(defaultMarket([uk, europe])?.id).toBe("europe");
    expect(defaultMarket([uk])?.id).toBe("uk");
    expect(defaultMarket([])).toBeNull();
  });

  it("names the first country another market already holds", () => {
    expect(marketCountryClash([europe, uk], { id: "ch", countries: ["CH", "FR"] })).toEqual({
      country: "FR",
      market: europe,
    });
    expect(marketCountryClash([europe, uk], { id: "europe", countries: ["IE", "FR"] })).toBeNull();
  });

  it("explains what stops a market from being saved", () => {
    expect(marketProblems(uk)).toEqual([]);
    expect(marketProblems(europe)).toEqual([]);
    expect(marketProblems(market({ name: " ", countries: [] }))).toEqual([
      "Give the market a name.",
      "Choose at least one country for the market.",
    ]);
    expect(marketProblems(market({ countries: ["GB", "GB"] }))).toEqual(["A country is listed twice in the market."]);
    expect(marketProblems(market({ countries: ["gbr"] }))).toEqual(["A country code is not valid."]);
    expect(marketProblems(market({ rateMicros: 0 }))).toEqual([
      "The rate must be a number above zero, with at most six decimals.",
    ]);
    expect(marketProblems(market({ currency: "XXX" as never }))).toEqual(["Choose one of the currencies listed."]);
    expect(marketProblems(market({ rounding: "50" as never }))).toEqual(["Choose how converted prices are rounded."]);
    expect(marketProblems(market({ currency: "JPY", rounding: "99" }))).toEqual([
      "JPY has no cents: round its prices to whole amounts or exactly.",
    ]);
  });
});
