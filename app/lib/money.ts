// Prices are integer minor units (cents) everywhere; only this file turns them into text.
export const CURRENCY = "EUR";
const LOCALE = "en-IE";

const formatter = new Intl.NumberFormat(LOCALE, { style: "currency", currency: CURRENCY });
const wholeFormatter = new Intl.NumberFormat(LOCALE, {
  style: "currency",
  currency: CURRENCY,
  maximumFractionDigits: 0,
});

export function formatMoney(minor: number): string {
  return formatter.format(minor / 100);
}

/** "€75" for whole euros, "€4.95" otherwise: for amounts in running text, never rounded. */
export function formatMoneyInText(minor: number): string {
  return minor % 100 === 0 ? wholeFormatter.format(minor / 100) : formatter.format(minor / 100);
}

/** For facet labels such as "€50 – €100". */
export function formatWholeMoney(minor: number): string {
  return wholeFormatter.format(minor / 100);
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
 * A price as machine-read feeds write it (Google Merchant Center: "12.00 EUR"). Every feed price
 * goes through here, so a second currency (markets) only has to pass its own.
 */
export function formatFeedPrice(minor: number, currency: string = CURRENCY): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")} ${currency}`;
}
