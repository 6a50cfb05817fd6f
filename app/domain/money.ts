// The shop's one money module. Amounts are integer minor units everywhere (orders, payments,
// refunds); only this file turns them into text and back. It holds the currencies a market may sell
// in: each with its ISO 4217 code, how many minor units make one and the locale its prices are
// written in, so a Swiss shopper reads "CHF 49.95" and a Swedish one "499,00 kr".

export const BASE_CURRENCY = "EUR";

export const CURRENCY_CODES = ["EUR", "GBP", "CHF", "SEK", "NOK", "DKK", "USD", "PLN", "CZK", "JPY"] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export interface Currency {
  code: CurrencyCode;
  name: string;
  /** Digits after the point: 2 for cents and pence, 0 for yen (ISO 4217, as Intl knows it). */
  minorDigits: number;
  /** The locale prices in it are formatted for. */
  locale: string;
}

/** The currency's minor-unit digits as ICU's currency data gives them (2 for EUR, GBP, CHF; 0 for JPY). */
const intlMinorDigits = (code: CurrencyCode): number =>
  new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2;

const entry = (code: CurrencyCode, name: string, locale: string): Currency => ({
  code,
  name,
  minorDigits: intlMinorDigits(code),
  locale,
});

export const CURRENCIES: Readonly<Record<CurrencyCode, Currency>> = {
  EUR: entry("EUR", "Euro", "en-IE"),
  GBP: entry("GBP", "Pound sterling", "en-GB"),
  CHF: entry("CHF", "Swiss franc", "de-CH"),
  SEK: entry("SEK", "Swedish krona", "sv-SE"),
  NOK: entry("NOK", "Norwegian krone", "nb-NO"),
  DKK: entry("DKK", "Danish krone", "da-DK"),
  USD: entry("USD", "US dollar", "en-US"),
  PLN: entry("PLN", "Polish złoty", "pl-PL"),
  CZK: entry("CZK", "Czech koruna", "cs-CZ"),
  JPY: entry("JPY", "Japanese yen", "ja-JP"),
};

/**
 * A round number of the currency's units near one euro's worth (×10 for the crowns, ×200 for the yen):
 * what a figure set in euros becomes where a rate is not wanted (price bands, gift card limits).
 */
export const ROUND_UNITS_PER_EURO: Readonly<Record<CurrencyCode, number>> = {
  EUR: 1,
  GBP: 1,
  CHF: 1,
  USD: 1,
  SEK: 10,
  NOK: 10,
  DKK: 10,
  PLN: 5,
  CZK: 25,
  JPY: 200,
};

export const isCurrencyCode = (code: unknown): code is CurrencyCode =>
  typeof code === "string" && (CURRENCY_CODES as readonly string[]).includes(code);

export function currency(code: CurrencyCode): Currency {
  return CURRENCIES[code];
}

/** 100 for two-digit currencies, 1 for yen. */
export const minorPerUnit = (code: CurrencyCode): number => 10 ** CURRENCIES[code].minorDigits;

/** Whole units (euros, pounds, yen) in the currency's minor units: 12 EUR -> 1200, 12 JPY -> 12. */
export const unitsToMinor = (units: number, code: CurrencyCode): number => Math.round(units * minorPerUnit(code));

/** Minor units in the currency's units, fractions kept: 1250 EUR -> 12.5. */
export const minorToUnits = (minor: number, code: CurrencyCode): number => minor / minorPerUnit(code);

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(code: CurrencyCode, whole: boolean): Intl.NumberFormat {
  const key = `${code}:${whole ? "whole" : "exact"}`;
  let kept = formatters.get(key);
  if (!kept) {
    const { locale, minorDigits } = CURRENCIES[code];
    kept = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: code,
      minimumFractionDigits: whole ? 0 : minorDigits,
      maximumFractionDigits: whole ? 0 : minorDigits,
    });
    formatters.set(key, kept);
  }
  return kept;
}

/** The currency's sign as its shoppers write it: "€", "£", "CHF", "kr" (a form's label says what to type in). */
export function currencySymbol(code: CurrencyCode): string {
  return (
    formatter(code, true)
      .formatToParts(0)
      .find((p) => p.type === "currency")?.value ?? code
  );
}

/** An amount in minor units, written as the currency's shoppers read it: "£1,234.50", "CHF 49.95". */
export function formatMoney(minor: number, code: CurrencyCode): string {
  return formatter(code, false).format(minor / minorPerUnit(code));
}

/** For running text: whole amounts without the decimals ("£75"), others exact ("£4.95"); never rounded. */
export function formatMoneyInText(minor: number, code: CurrencyCode): string {
  const per = minorPerUnit(code);
  return formatter(code, minor % per === 0).format(minor / per);
}

/** For facet labels ("£50 – £100"): whole units (facet bounds are whole already). */
export function formatWholeMoney(minor: number, code: CurrencyCode): string {
  return formatter(code, true).format(minor / minorPerUnit(code));
}

/**
 * An amount the back office typed ("12.50", "1200") in the currency's minor units, or null for
 * anything that is not a non-negative amount with at most the currency's digits after the point.
 */
export function parseMinor(text: string, code: CurrencyCode): number | null {
  const digits = CURRENCIES[code].minorDigits;
  const pattern = digits === 0 ? /^\d{1,9}$/ : new RegExp(`^\\d{1,9}(\\.\\d{1,${digits}})?$`);
  const trimmed = text.trim();
  if (!pattern.test(trimmed)) return null;
  const [whole, fraction = ""] = trimmed.split(".");
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

/**
 * An amount as a form or an import file holds it, in the currency's minor units: parseMinor's
 * rules, after a leading sign or code of that currency ("€ 12.50", "CHF 30") people paste in.
 */
export function inputToMinor(text: string, code: CurrencyCode): number | null {
  const trimmed = text.trim();
  const prefix = [currencySymbol(code), code].find((p) => trimmed.startsWith(p));
  return parseMinor(prefix ? trimmed.slice(prefix.length) : trimmed, code);
}

/** Minor units as the back office types them back ("12.50", "1200" yen): no symbol, no grouping; "" for none. */
export function minorToInput(minor: number | null, code: CurrencyCode): string {
  if (minor === null) return "";
  const digits = CURRENCIES[code].minorDigits;
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const per = 10 ** digits;
  return `${sign}${Math.floor(abs / per)}.${String(abs % per).padStart(digits, "0")}`;
}

/**
 * A price as machine-read feeds write it (Google Merchant Center: "12.00 EUR", "1500 JPY"): the
 * currency's own digits, a point, no grouping. Every feed price goes through here.
 */
export function formatFeedPrice(minor: number, currency: CurrencyCode): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(minor));
  return `${sign}${minorToInput(abs, currency)} ${currency}`;
}
