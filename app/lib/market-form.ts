import { z } from "zod";
import { CURRENCY_CODES } from "~/domain/money";
import { ROUNDINGS, formatRate, parseRate, type Market, type Rounding } from "~/domain/market";

// The back office's market form: a name, its countries (checkboxes), a currency, the rate one euro
// buys in it (typed as "0.86"), how converted prices are rounded, and whether it is the default.
// The shape is checked here; what the values mean (a country in one market, one default) is the
// domain's and the service's.

export const marketFormSchema = z.object({
  name: z
    .string({ required_error: "Give the market a name." })
    .trim()
    .min(1, "Give the market a name.")
    .max(60, "Market names are at most 60 characters."),
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/, "Choose countries from the list."))
    .max(300)
    .default([]),
  currency: z.enum(CURRENCY_CODES, { errorMap: () => ({ message: "Choose one of the currencies listed." }) }),
  rate: z.string({ required_error: "Enter the rate: how much one euro is in the market's currency." }).trim().max(20),
  rounding: z.enum(ROUNDINGS, { errorMap: () => ({ message: "Choose how converted prices are rounded." }) }),
  isDefault: z.literal("on").optional(),
});

export type MarketFormValue = z.infer<typeof marketFormSchema>;

/** The market the form describes, or why the rate cannot be read. */
export function marketFromForm(value: MarketFormValue):
  | {
      ok: true;
      market: Pick<Market, "name" | "countries" | "currency" | "rateMicros" | "rounding" | "isDefault">;
    }
  | { ok: false; problems: string[] } {
  const rateMicros = parseRate(value.rate);
  if (rateMicros === null)
    return {
      ok: false,
      problems: ["The rate must be a number above zero with at most six decimals, like 0.86 (a point, not a comma)."],
    };
  return {
    ok: true,
    market: {
      name: value.name,
      countries: [...value.countries].sort(),
      currency: value.currency,
      rateMicros,
      rounding: value.rounding as Rounding,
      isDefault: value.isDefault === "on",
    },
  };
}

/** A market as the form shows it. */
export const formValuesOf = (m: Market) => ({
  name: m.name,
  countries: m.countries,
  currency: m.currency,
  rate: formatRate(m.rateMicros),
  rounding: m.rounding,
  isDefault: m.isDefault,
});
