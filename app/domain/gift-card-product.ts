import { BASE_CURRENCY, formatMoneyInText, type CurrencyCode } from "./money";
import { scaledLimitMinor } from "./gift-card-currency";
import type { Product, Variant } from "./product";
import { listedCurrencyKey, type MarketPrices } from "./market-own-price";

// Gift cards sold as a product: its variants are amounts (the variant's `giftCardMinor`, shown in place
// of a size), each its own price. A card is issued when the order is paid, so there is nothing to stock,
// weigh or deliver. The shopper may name a recipient, a message and a send date on the cart line.

/**
 * The stock every amount shows, so the shop's one rule for what can be sold (domain/sellable) says yes;
 * orders never take it (domain/stock skips gift card variants): a gift card never runs out.
 */
export const GIFT_CARD_UNITS = 999_999;

/** What an owner may set: from €5 to €500 (scaled per currency: £5–£500, 50–5,000 kr), at most 10 amounts a currency. */
export const GIFT_CARD_AMOUNT_LIMITS = { minEuros: 5, maxEuros: 500, count: 10 } as const;

/** The smallest and largest amount of a gift card in `currency` (minor units). */
export const giftCardAmountBounds = (currency: CurrencyCode) => ({
  minMinor: scaledLimitMinor(GIFT_CARD_AMOUNT_LIMITS.minEuros, currency),
  maxMinor: scaledLimitMinor(GIFT_CARD_AMOUNT_LIMITS.maxEuros, currency),
});

/** One amount a gift card product is sold at: its value in its currency. */
export interface GiftCardAmount {
  currency: CurrencyCode;
  minor: number;
}

/** The recipient's fields on a gift card line. */
export const GIFT_CARD_LINE_LIMITS = { name: 80, email: 254, message: 300 } as const;

/** A send date is today or up to this many days ahead. */
export const GIFT_CARD_SEND_WINDOW_DAYS = 365;

/** The currency a gift card variant's amount is in (and the card it issues holds): euros when it names none. */
export const giftCardCurrencyOf = (v: Pick<Variant, "giftCardCurrency">): CurrencyCode =>
  v.giftCardCurrency ?? BASE_CURRENCY;

export const isGiftCardVariant = (v: Pick<Variant, "giftCardMinor">): boolean => typeof v.giftCardMinor === "number";

/** A gift card product: every variant an amount. */
export const isGiftCardProduct = (p: Pick<Product, "variants">): boolean =>
  p.variants.length > 0 && p.variants.every(isGiftCardVariant);

/** What one unit of a size × colour costs before promotions: a gift card amount's own value, else the product's price. */
export function unitBaseMinor(product: Pick<Product, "priceMinor" | "variants">, size: string, colour: string): number {
  const variant = product.variants.find((v) => v.size === size && v.colour === colour);
  return variant?.giftCardMinor ?? product.priceMinor;
}

/**
 * An amount as the product page shows it in place of a size: "€25", "€12.50", "£50", "CHF 30". Each
 * currency writes its amounts differently, so a size names one currency's amount.
 */
export function giftCardAmountLabel(minor: number, currency: CurrencyCode = BASE_CURRENCY): string {
  return formatMoneyInText(minor, currency).replace(/[\u00a0\u202f]/g, " ");
}

/**
 * Why a gift card's amounts cannot be (none in the base currency, none at all, out of range, more than ten
 * or one twice in a currency), or null when they can. The base currency is required: listings and feeds
 * price the product from its smallest euro amount.
 */
export function giftCardAmountsProblem(amounts: readonly GiftCardAmount[]): string | null {
  const { count } = GIFT_CARD_AMOUNT_LIMITS;
  if (amounts.length === 0) return "Enter at least one amount, like 25, 50, 100.";
  if (!amounts.some((a) => a.currency === BASE_CURRENCY))
    return `Enter the amounts in ${BASE_CURRENCY} too, like ${BASE_CURRENCY} 25, 50, 100: listings show the smallest.`;
  const currencies = [...new Set(amounts.map((a) => a.currency))];
  for (const currency of currencies) {
    const mine = amounts.filter((a) => a.currency === currency).map((a) => a.minor);
    const { minMinor, maxMinor } = giftCardAmountBounds(currency);
    if (mine.length > count) return `A gift card can have at most ${count} amounts in ${currency}.`;
    for (const a of mine) {
      if (!Number.isInteger(a) || a < minMinor || a > maxMinor)
        return `Each amount in ${currency} must be from ${giftCardAmountLabel(minMinor, currency)} to ${giftCardAmountLabel(maxMinor, currency)}.`;
    }
    if (new Set(mine).size !== mine.length) return `An amount in ${currency} is listed twice.`;
  }
  return null;
}

/** A gift card product's amounts in one currency, in the owner's order: what a shopper in it may buy. */
export function giftCardAmountsIn(
  product: Pick<Product, "variants">,
  currency: CurrencyCode,
): Array<{ size: string; minor: number }> {
  const seen = new Set<string>();
  const amounts: Array<{ size: string; minor: number }> = [];
  for (const v of product.variants) {
    if (!isGiftCardVariant(v) || giftCardCurrencyOf(v) !== currency || seen.has(v.size)) continue;
    seen.add(v.size);
    amounts.push({ size: v.size, minor: v.giftCardMinor! });
  }
  return amounts;
}

/** What the buyer chose for one gift card line; every field optional (no recipient: the card is the buyer's). */
export interface GiftCardLineDetails {
  recipientName: string | null;
  recipientEmail: string | null;
  /** Plain text, at most GIFT_CARD_LINE_LIMITS.message characters; never rendered as HTML. */
  message: string | null;
  /** "YYYY-MM-DD" (UTC): when the code is e-mailed; null: at payment. */
  sendOn: string | null;
}

export const NO_GIFT_CARD_DETAILS: GiftCardLineDetails = {
  recipientName: null,
  recipientEmail: null,
  message: null,
  sendOn: null,
};

/** The details as one string: two lines of the same amount for different people are different lines. */
export function giftCardDetailsKey(d: GiftCardLineDetails | null | undefined): string {
  if (!d) return "";
  return [d.recipientName ?? "", (d.recipientEmail ?? "").toLowerCase(), d.message ?? "", d.sendOn ?? ""].join(
    "\u0001",
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC calendar day of an instant, "YYYY-MM-DD". */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** Why a send date cannot be used (not a date, in the past, more than a year ahead), or null. Days are UTC. */
export function sendOnProblem(sendOn: string, now: Date): string | null {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(sendOn) ? new Date(`${sendOn}T00:00:00Z`) : null;
  if (!parsed || Number.isNaN(parsed.getTime()) || utcDay(parsed) !== sendOn)
    return "Enter the send date as a date, like 2026-12-24.";
  const today = utcDay(now);
  const last = utcDay(new Date(Date.parse(`${today}T00:00:00Z`) + GIFT_CARD_SEND_WINDOW_DAYS * DAY_MS));
  if (sendOn < today) return "The send date cannot be in the past: choose today or a later day.";
  if (sendOn > last) return `The send date can be at most a year ahead (until ${last}).`;
  return null;
}

/** Whether a line's card goes out at payment (no date, or a date already come) rather than on its date. */
export const sendsNow = (d: GiftCardLineDetails | null | undefined, now: Date): boolean =>
  !d?.sendOn || d.sendOn <= utcDay(now);

/**
 * How the back office names an order line: "Linen shirt (White, M)", and for a gift card its amount
 * and recipient, "Hemline gift card (€50, for Ana)", so two cards of one amount can be told apart.
 */
export function lineLabel(line: { name: string; colour: string; size: string; giftCard?: GiftCardLineDetails }) {
  if (!line.giftCard) return `${line.name} (${line.colour}, ${line.size})`;
  const to = line.giftCard.recipientName ?? line.giftCard.recipientEmail;
  return `${line.name} (${line.size}${to ? `, for ${to}` : ""})`;
}

/** A product's prices as a listing keeps them (see `listedCurrencyKey`); undefined when it has none of its own. */
export function listedPricesOf(product: Pick<Product, "marketPrices" | "variants">): MarketPrices | undefined {
  if (!isGiftCardProduct(product)) return product.marketPrices;
  const listed: MarketPrices = { ...product.marketPrices };
  for (const v of product.variants) {
    const key = listedCurrencyKey(giftCardCurrencyOf(v));
    if (!listed[key] || v.giftCardMinor! < listed[key].priceMinor) listed[key] = { priceMinor: v.giftCardMinor! };
  }
  return listed;
}
