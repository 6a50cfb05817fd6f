import {
  BASE_CURRENCY,
  formatMinor,
  formatMinorInText,
  formatWholeMinor,
  minorToInput,
  type CurrencyCode,
} from "~/domain/currency";

// Prices are integer minor units everywhere; only this file (through the domain's currency table)
// turns them into text. Without a currency an amount is the shop's base currency (euro cents).
export const CURRENCY = BASE_CURRENCY;

export function formatMoney(minor: number, currency: CurrencyCode): string {
  return formatMinor(minor, currency);
}

/** "€75" for whole euros, "€4.95" otherwise: for amounts in running text, never rounded. */
export function formatMoneyInText(minor: number, currency: CurrencyCode): string {
  return formatMinorInText(minor, currency);
}

/** For facet labels such as "€50 – €100". */
export function formatWholeMoney(minor: number, currency: CurrencyCode): string {
  return formatWholeMinor(minor, currency);
}

/** The percentage saved against a compare-at price, rounded down so we never overstate it. */
export function discountPercent(priceMinor: number, compareAtMinor: number | null | undefined): number {
  if (!compareAtMinor || compareAtMinor <= priceMinor || compareAtMinor <= 0) return 0;
  return Math.floor(((compareAtMinor - priceMinor) / compareAtMinor) * 100);
}

/** "12.50" -> 1250. Returns null for anything that is not a non-negative amount with at most 2 decimals. */
export function parseMoneyToMinor(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ""] = trimmed.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
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
