import { z } from "zod";
import { CURRENCIES, minorToInput, parseMinor, type CurrencyCode } from "~/domain/money";
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

/** The message for an own price sent in minor units (the admin API) that is not one. */
export function marketPriceMinorMessage(field: Pick<MarketPriceField, "label" | "currency">): string {
  const unit =
    CURRENCIES[field.currency].minorDigits === 0 ? `whole ${field.currency}` : `${field.currency} minor units`;
  return (
    `The price in ${field.label} must be a whole number of ${unit} from 1 to ${MAX_OWN_PRICE_MINOR}, ` +
    "or null to use the converted price."
  );
}

/** Whether `minor` is an own price a market takes: a whole number of minor units above zero, at most nine digits. */
export const isOwnPriceMinor = (minor: unknown): minor is number =>
  typeof minor === "number" && Number.isInteger(minor) && minor > 0 && minor <= MAX_OWN_PRICE_MINOR;

/**
 * An own price as typed (the editor's field, a CSV cell) in the field's currency: null when empty
 * (the converted price), its minor units, or undefined when it is not an amount the market takes.
 */
export function parseOwnPrice(text: string | undefined, field: Pick<MarketPriceField, "currency">) {
  const trimmed = (text ?? "").trim();
  if (trimmed === "") return null;
  const minor = parseMinor(trimmed, field.currency);
  return isOwnPriceMinor(minor) ? minor : undefined;
}

/**
 * The field of market `marketId` among `markets`, or why a product cannot have an own price there:
 * no such market, or one priced at base (its price is the product's own euro price).
 */
export function ownPriceFieldOf(
  markets: readonly Market[],
  marketId: string,
): { ok: true; field: MarketPriceField } | { ok: false; message: string } {
  const market = markets.find((m) => m.id === marketId);
  const priced = markets.filter((m) => !pricesAreBase(m)).map((m) => m.id);
  if (!market)
    return {
      ok: false,
      message:
        `There is no market “${marketId.slice(0, 60)}”. ` +
        (priced.length
          ? `A product can have its own price in: ${priced.join(", ")}.`
          : "No market can have prices of its own: every market is priced at base."),
    };
  if (pricesAreBase(market))
    return {
      ok: false,
      message:
        `${market.name} is priced at base (${market.currency} at rate 1): a product's price there is its own ` +
        `price, it cannot have another.`,
    };
  return { ok: true, field: marketPriceFields([market], null)[0]! };
}

export interface OwnPriceProblem {
  marketId: string;
  message: string;
}

/**
 * The one check of own prices sent for a product, by market id (decision 0030), that the editor,
 * the admin API and the CSV import share: the market must exist and not be priced at base, and the
 * amount must be one in its currency, typed (a string, the editor's rule: `parseOwnPrice`) or in
 * minor units (a number, the API). null or an empty string: no own price there (converted).
 * Answers the prices in minor units (null: converted), or every problem, each naming the market.
 */
export function checkOwnPrices(
  markets: readonly Market[],
  sent: Readonly<Record<string, string | number | null>>,
): { ok: true; prices: Record<string, number | null> } | { ok: false; problems: OwnPriceProblem[] } {
  const prices: Record<string, number | null> = {};
  const problems: OwnPriceProblem[] = [];
  for (const [marketId, value] of Object.entries(sent)) {
    const found = ownPriceFieldOf(markets, marketId);
    if (!found.ok) {
      problems.push({ marketId, message: found.message });
      continue;
    }
    const minor =
      value === null
        ? null
        : typeof value === "string"
          ? parseOwnPrice(value, found.field)
          : isOwnPriceMinor(value)
            ? value
            : undefined;
    if (minor === undefined)
      problems.push({
        marketId,
        message: typeof value === "string" ? marketPriceMessage(found.field) : marketPriceMinorMessage(found.field),
      });
    else prices[marketId] = minor;
  }
  return problems.length ? { ok: false, problems } : { ok: true, prices };
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
            const minor = parseOwnPrice(text, f);
            if (minor === undefined) {
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
