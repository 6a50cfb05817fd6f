import { z } from "zod";
import { CURRENCIES, minorToInput, parseMinor, type CurrencyCode } from "~/domain/currency";
import { convertFromBase, pricesAreBase, type Market } from "~/domain/market";
import { MAX_OWN_PRICE_MINOR, ownPriceIn, type MarketPrices } from "~/domain/market-own-price";

// The product editor's "Prices in other markets" (decision 0030): one optional field per market not
// priced at base, named `marketPrices.<market id>`, in that market's currency. Empty means the
// converted price (shown as the placeholder); a value is the product's own price there.

/** One field of the fieldset, as the editor renders it. */
export interface MarketPriceField {
  marketId: string;
  /** "United Kingdom (GBP)" */
  label: string;
  currency: CurrencyCode;
  /** The converted price the product has there without an own price, as typed ("42.99", "7992"). */
  placeholder: string;
}

export const marketPriceName = (marketId: string) => `marketPrices.${marketId}`;

/** The fields for a product of base price `baseMinor` (null: not priced yet): every market not priced at base. */
export function marketPriceFields(markets: readonly Market[], baseMinor: number | null): MarketPriceField[] {
  return markets
    .filter((m) => !pricesAreBase(m))
    .map((m) => ({
      marketId: m.id,
      label: `${m.name} (${m.currency})`,
      currency: m.currency,
      placeholder: baseMinor === null ? "" : minorToInput(convertFromBase(baseMinor, m), m.currency),
    }));
}

/** The fields' values for a stored product: its own prices as typed, empty where it has none. */
export function marketPriceValues(fields: readonly MarketPriceField[], prices: MarketPrices | undefined) {
  const values: Record<string, string> = {};
  for (const f of fields) {
    const own = ownPriceIn(prices, f.marketId);
    values[f.marketId] = own === null ? "" : minorToInput(own, f.currency);
  }
  return values;
}

const amountExample = (code: CurrencyCode) => (CURRENCIES[code].minorDigits === 0 ? "7990" : "42.99");

/** The message for an amount a field cannot take: it names the market and the currency's decimals. */
export function marketPriceMessage(field: Pick<MarketPriceField, "label" | "currency">): string {
  const digits = CURRENCIES[field.currency].minorDigits;
  const decimals =
    digits === 0 ? `${field.currency} has no decimals: enter whole amounts` : `at most ${digits} decimals`;
  return (
    `Enter the price in ${field.label} as an amount above zero (${decimals}, e.g. ${amountExample(field.currency)}), ` +
    "or leave it empty to use the converted price."
  );
}

/**
 * The fieldset's zod schema: per market id, null (empty: converted) or the own price in that
 * currency's minor units; anything else is refused with a message naming the market.
 */
export function marketPricesSchema(fields: readonly MarketPriceField[]) {
  return z.object(
    Object.fromEntries(
      fields.map((f) => [
        f.marketId,
        z
          .string()
          .optional()
          .transform((text, ctx) => {
            const trimmed = (text ?? "").trim();
            if (trimmed === "") return null;
            const minor = parseMinor(trimmed, f.currency);
            if (minor === null || minor <= 0 || minor > MAX_OWN_PRICE_MINOR) {
              ctx.addIssue({ code: z.ZodIssueCode.custom, message: marketPriceMessage(f) });
              return z.NEVER;
            }
            return minor;
          }),
      ]),
    ),
  );
}

/** The submitted own prices: by market id, or the field errors by field name (`marketPrices.<id>`). */
export function readMarketPrices(
  fields: readonly MarketPriceField[],
  formData: FormData,
): { ok: true; prices: Record<string, number | null> } | { ok: false; errors: Record<string, string[]> } {
  const sent: Record<string, string> = {};
  for (const f of fields) {
    const value = formData.get(marketPriceName(f.marketId));
    if (typeof value === "string") sent[f.marketId] = value;
  }
  const parsed = marketPricesSchema(fields).safeParse(sent);
  if (parsed.success) return { ok: true, prices: parsed.data as Record<string, number | null> };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const name = marketPriceName(String(issue.path[0]));
    (errors[name] ??= []).push(issue.message);
  }
  return { ok: false, errors };
}
