// Markets: where a shopper buys and in what currency. A market is a set of countries (a country is
// in at most one market) with a currency and the way its prices come from the catalogue's base
// prices (euro cents): multiplied by a rate the owner enters and rounded up to a price ending the
// owner chose (.00, .95, .99, or exact to the minor unit), unless a product has a price of its own
// in the market, which always wins. One market is the shop's default: a shopper who has not chosen
// and whose country is in no market sees it.

import { BASE_CURRENCY, CURRENCIES, isCurrencyCode, type CurrencyCode } from "./money";

/** How a converted price is rounded, in the market's currency, always upwards (never below the rate). */
export const ROUNDINGS = ["exact", "whole", "95", "99"] as const;
export type Rounding = (typeof ROUNDINGS)[number];

export const ROUNDING_LABELS: Readonly<Record<Rounding, string>> = {
  exact: "Exact (to the cent)",
  whole: "Whole amounts (.00)",
  "95": "Ending in .95",
  "99": "Ending in .99",
};

/** Rates are kept as integer millionths: "0.86" is 860000, so conversions are exact. */
export const RATE_SCALE = 1_000_000;

export interface Market {
  id: string;
  name: string;
  /** ISO 3166-1 alpha-2 codes, upper case. */
  countries: string[];
  currency: CurrencyCode;
  /** How many of the market's currency one unit of the base currency buys, in millionths. */
  rateMicros: number;
  rounding: Rounding;
  /** Exactly one market is the default. */
  isDefault: boolean;
  /** Markets are listed by this, then by name. */
  position: number;
  updatedAt: string;
}

/** What an order keeps of the market it was priced in, so reports convert at its own rate. */
export interface MarketPricing {
  marketId: string;
  currency: CurrencyCode;
  rateMicros: number;
}

export const isRounding = (value: unknown): value is Rounding =>
  typeof value === "string" && (ROUNDINGS as readonly string[]).includes(value);

const BASE_DIGITS = CURRENCIES[BASE_CURRENCY].minorDigits;

const ceilDiv = (num: bigint, den: bigint): bigint => (num + den - 1n) / den;
const roundDiv = (num: bigint, den: bigint): bigint => (2n * num + den) / (2n * den);

/**
 * A base price (euro cents) in the market's currency and minor units: converted at the market's
 * rate, then rounded up to the market's rule. Zero stays zero (a free item is free everywhere).
 */
export function convertFromBase(
  baseMinor: number,
  market: Pick<Market, "currency" | "rateMicros" | "rounding">,
): number {
  if (baseMinor <= 0) return 0;
  // The base market converts to itself: no fraction to work out (the feed asks this for every product).
  if (pricesAreBase(market)) return baseMinor;
  const digits = CURRENCIES[market.currency].minorDigits;
  // target minor = base minor × rate × 10^digits / 10^baseDigits, as an exact fraction num/den.
  const num = BigInt(baseMinor) * BigInt(market.rateMicros) * 10n ** BigInt(digits);
  const den = 10n ** BigInt(BASE_DIGITS) * BigInt(RATE_SCALE);
  const per = 10n ** BigInt(digits);
  const rule = digits < 2 && (market.rounding === "95" || market.rounding === "99") ? "whole" : market.rounding;
  switch (rule) {
    case "exact":
      return Number(roundDiv(num, den));
    case "whole":
      return Number(ceilDiv(num, den * per) * per);
    case "95":
    case "99": {
      // The smallest amount ending in .95 (.99) at or above the converted one.
      // eslint-disable-next-line no-restricted-syntax -- .95 and .99 are hundredths of a unit in every currency
      const ending = (BigInt(rule) * per) / 100n;
      const exact = ceilDiv(num, den);
      const units = exact <= ending ? 0n : ceilDiv(exact - ending, per);
      return Number(units * per + ending);
    }
  }
}

/** Whether the market's prices are the base prices themselves (the seeded euro market): nothing to convert. */
export const pricesAreBase = (market: Pick<Market, "currency" | "rateMicros" | "rounding">) =>
  market.currency === BASE_CURRENCY && market.rateMicros === RATE_SCALE && market.rounding === "exact";

/** The price a shopper pays in the market: the product's own price there when it has one, else the converted base price. */
export function marketPrice(
  baseMinor: number,
  market: Pick<Market, "currency" | "rateMicros" | "rounding">,
  ownPriceMinor?: number | null,
): number {
  return ownPriceMinor ?? convertFromBase(baseMinor, market);
}

/** An amount of an order in its own currency back in the base currency, at the order's rate (for reports). */
export function toBaseMinor(minor: number, pricing: Pick<MarketPricing, "currency" | "rateMicros">): number {
  if (pricing.currency === BASE_CURRENCY && pricing.rateMicros === RATE_SCALE) return minor;
  const digits = CURRENCIES[pricing.currency].minorDigits;
  const num = BigInt(minor) * 10n ** BigInt(BASE_DIGITS) * BigInt(RATE_SCALE);
  const den = 10n ** BigInt(digits) * BigInt(pricing.rateMicros);
  const sign = num < 0n ? -1n : 1n;
  return Number(sign * roundDiv(sign * num, den));
}

/** "0.86" → 860000; null for anything but a positive number with at most six decimals. */
export function parseRate(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}(\.\d{1,6})?$/.test(trimmed)) return null;
  const [whole, fraction = ""] = trimmed.split(".");
  const micros = Number(whole) * RATE_SCALE + Number(fraction.padEnd(6, "0"));
  return micros > 0 ? micros : null;
}

/** 860000 → "0.86": the rate as the owner typed it, without trailing zeros. */
export function formatRate(rateMicros: number): string {
  const whole = Math.floor(rateMicros / RATE_SCALE);
  const fraction = String(rateMicros % RATE_SCALE)
    .padStart(6, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** The market holding the country, or null when none does. */
export function marketOf(markets: readonly Market[], country: string): Market | null {
  const code = country.toUpperCase();
  return markets.find((m) => m.countries.includes(code)) ?? null;
}

/** The shop's default market: the one marked default (the first market if none is, as a store mid-edit may be). */
export function defaultMarket(markets: readonly Market[]): Market | null {
  return markets.find((m) => m.isDefault) ?? markets[0] ?? null;
}

/** The market a delivery to `country` is priced in: the one holding it, else the default. */
export function marketForCountry(markets: readonly Market[], country: string): Market | null {
  return marketOf(markets, country) ?? defaultMarket(markets);
}

/** The first country of `market` another market already holds, with that market. */
export function marketCountryClash(
  markets: readonly Market[],
  market: Pick<Market, "id" | "countries">,
): { country: string; market: Market } | null {
  for (const other of markets) {
    if (other.id === market.id) continue;
    const country = market.countries.find((c) => other.countries.includes(c));
    if (country) return { country, market: other };
  }
  return null;
}

/**
 * What is wrong with a market as the back office would save it, as messages an owner can act on;
 * empty when it can be saved (clashes with other markets are checked where they are read).
 */
export function marketProblems(
  market: Pick<Market, "name" | "countries" | "currency" | "rateMicros" | "rounding">,
): string[] {
  const problems: string[] = [];
  if (!market.name.trim()) problems.push("Give the market a name.");
  else if (market.name.trim().length > 60) problems.push("Keep the market's name to 60 characters.");
  if (market.countries.length === 0) problems.push("Choose at least one country for the market.");
  if (market.countries.some((c) => !/^[A-Z]{2}$/.test(c))) problems.push("A country code is not valid.");
  if (new Set(market.countries).size !== market.countries.length)
    problems.push("A country is listed twice in the market.");
  if (!isCurrencyCode(market.currency)) problems.push("Choose one of the currencies listed.");
  if (!Number.isInteger(market.rateMicros) || market.rateMicros <= 0)
    problems.push("The rate must be a number above zero, with at most six decimals.");
  if (!isRounding(market.rounding)) problems.push("Choose how converted prices are rounded.");
  else if (
    isCurrencyCode(market.currency) &&
    CURRENCIES[market.currency].minorDigits < 2 &&
    (market.rounding === "95" || market.rounding === "99")
  )
    problems.push(`${market.currency} has no cents: round its prices to whole amounts or exactly.`);
  return problems;
}

/** The one market of a shop from before markets: its delivery countries, in euros, prices unchanged. */
export function baseMarket(countries: readonly string[], at: string): Market {
  return {
    id: "europe",
    name: "Europe",
    countries: [...countries],
    currency: BASE_CURRENCY,
    rateMicros: RATE_SCALE,
    rounding: "exact",
    isDefault: true,
    position: 0,
    updatedAt: at,
  };
}

/**
 * Why the market cannot be saved beside the others (both stores check this inside their write):
 * another market holds one of its countries, or it is the default and would stop being one.
 */
export function marketSaveRefusal(
  markets: readonly Market[],
  market: Pick<Market, "id" | "countries" | "isDefault">,
): { kind: "clash"; country: string; marketId: string; marketName: string } | { kind: "default-needed" } | null {
  const clash = marketCountryClash(markets, market);
  if (clash) return { kind: "clash", country: clash.country, marketId: clash.market.id, marketName: clash.market.name };
  const current = defaultMarket(markets);
  if (!market.isDefault && current?.id === market.id && current.isDefault) return { kind: "default-needed" };
  return null;
}
