import { z } from "zod";
import { formatRate, parseRate } from "~/domain/market";
import { TAX_RULE_KINDS, type TaxRule } from "~/domain/tax-rule";
import { UK_VAT_DEFAULTS } from "~/lib/vat-rates";
import { minorToInput, parseMinor } from "~/domain/money";

// The tax part of the back office's zone form: which rule applies, and its figures as typed. Every
// field is on the page (no JavaScript needed); only the chosen rule's fields are read. The EU
// rule's corrections are typed as "FI 25.5, DE 19": a country not listed keeps the standard rate.

export const taxFormFields = {
  taxRule: z.enum(TAX_RULE_KINDS).default("eu-vat"),
  euRates: z.string().trim().max(2000, "The VAT rate corrections are at most 2,000 characters.").optional(),
  ukRate: z.string().trim().max(20).optional(),
  ukThreshold: z.string().trim().max(20).optional(),
  ukGbpRate: z.string().trim().max(20).optional(),
};

export type TaxFormValue = z.infer<z.ZodObject<typeof taxFormFields>>;

const RATE = /^\d{1,3}(\.\d)?$/;

/** The rule the form describes, or what could not be read, as messages an owner can act on. */
export function taxRuleFromForm(value: TaxFormValue): { ok: true; rule: TaxRule } | { ok: false; problems: string[] } {
  if (value.taxRule === "import") return { ok: true, rule: { kind: "import" } };
  if (value.taxRule === "eu-vat") {
    const rates: Record<string, number> = {};
    const problems: string[] = [];
    for (const entry of (value.euRates ?? "")
      .split(/[,\n]/)
      .map((e) => e.trim())
      .filter(Boolean)) {
      const match = /^([A-Za-z]{2})\s*[:=]?\s*(\S+?)\s*%?$/.exec(entry);
      if (!match || !RATE.test(match[2])) {
        problems.push(`VAT rate corrections: "${entry}" is not a country code and a rate, like "FI 25.5".`);
        continue;
      }
      rates[match[1].toUpperCase()] = Number(match[2]);
    }
    return problems.length ? { ok: false, problems } : { ok: true, rule: { kind: "eu-vat", rates } };
  }
  const problems: string[] = [];
  const rate = value.ukRate ? (RATE.test(value.ukRate) ? Number(value.ukRate) : null) : UK_VAT_DEFAULTS.ratePercent;
  if (rate === null) problems.push("UK VAT rate: a percentage like 20 or 17.5.");
  const threshold = value.ukThreshold ? parseMinor(value.ukThreshold, "GBP") : UK_VAT_DEFAULTS.thresholdGbpMinor;
  if (threshold === null) problems.push("UK VAT threshold: an amount in pounds, like 135.00.");
  const gbp = value.ukGbpRate ? parseRate(value.ukGbpRate) : UK_VAT_DEFAULTS.gbpPerBaseMicros;
  if (gbp === null) problems.push("Pounds per euro for the threshold: a number above zero, like 0.85.");
  if (rate === null || threshold === null || gbp === null) return { ok: false, problems };
  return { ok: true, rule: { kind: "uk-vat", ratePercent: rate, thresholdGbpMinor: threshold, gbpPerBaseMicros: gbp } };
}

/** A rule as the form's fields show it; the UK fields show their defaults under another rule. */
export function taxFormOf(rule: TaxRule): Required<TaxFormValue> {
  const uk = rule.kind === "uk-vat" ? rule : UK_VAT_DEFAULTS;
  return {
    taxRule: rule.kind,
    euRates:
      rule.kind === "eu-vat"
        ? Object.entries(rule.rates)
            .map(([country, r]) => `${country} ${r}`)
            .join(", ")
        : "",
    ukRate: String(uk.ratePercent),
    ukThreshold: minorToInput(uk.thresholdGbpMinor, "GBP"),
    ukGbpRate: formatRate(uk.gbpPerBaseMicros),
  };
}
