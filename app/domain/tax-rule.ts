import { formatMoney } from "./money";
import { vatBreakdown, type VatBreakdown } from "./vat";

// Taxes by shipping zone (issue 29): each zone carries the rule that decides what VAT an order
// delivered there includes. Catalogue prices include VAT and a shopper pays the same shop price
// under every rule (decision 0033): a rule only decides how much of it is VAT.
//  - eu-vat: the destination country's VAT rate (the zone's own correction, else the configured table);
//  - uk-vat: one rate, collected only when the goods are worth at most the threshold (£135);
//  - import: no VAT collected; import VAT and duties are charged on delivery.

export const TAX_RULE_KINDS = ["eu-vat", "uk-vat", "import"] as const;
export type TaxRuleKind = (typeof TAX_RULE_KINDS)[number];

export const TAX_RULE_LABELS: Readonly<Record<TaxRuleKind, string>> = {
  "eu-vat": "EU VAT by destination",
  "uk-vat": "UK VAT up to a threshold",
  import: "No VAT: import VAT and duties on delivery",
};

/** Scale of `gbpPerBaseMicros`: 1 EUR = rate / 1,000,000 GBP (as markets count rates). */
export const GBP_RATE_SCALE = 1_000_000;

export type TaxRule =
  | {
      kind: "eu-vat";
      /** Percent by country, correcting the configured table for this zone; a country missing uses the table. */
      rates: Record<string, number>;
    }
  | {
      kind: "uk-vat";
      ratePercent: number;
      /** Collected when the goods are worth at most this, in pence (£135: 13500). */
      thresholdGbpMinor: number;
      /** GBP per base-currency unit × 1,000,000, used when no GBP market gives a rate. */
      gbpPerBaseMicros: number;
    }
  | { kind: "import" };

/** The rule of a zone saved before rules existed: today's behaviour, the configured rates. */
export const DEFAULT_TAX_RULE: TaxRule = { kind: "eu-vat", rates: {} };

export const isTaxRuleKind = (value: unknown): value is TaxRuleKind =>
  typeof value === "string" && (TAX_RULE_KINDS as readonly string[]).includes(value);

const validRate = (rate: number) =>
  Number.isFinite(rate) && rate >= 0 && rate <= 100 && Math.round(rate * 10) === rate * 10;

/** What is wrong with a rule as the back office would save it; empty when it can be saved. */
export function taxRuleProblems(rule: TaxRule): string[] {
  const problems: string[] = [];
  if (rule.kind === "eu-vat") {
    for (const [country, rate] of Object.entries(rule.rates))
      if (!validRate(rate))
        problems.push(`The VAT rate of ${country} must be between 0 and 100 %, with one decimal at most.`);
  }
  if (rule.kind === "uk-vat") {
    if (!validRate(rule.ratePercent))
      problems.push("The UK VAT rate must be between 0 and 100 %, with one decimal at most.");
    if (!Number.isInteger(rule.thresholdGbpMinor) || rule.thresholdGbpMinor < 0)
      problems.push("The UK VAT threshold must be an amount of pounds, zero or more.");
    if (!Number.isInteger(rule.gbpPerBaseMicros) || rule.gbpPerBaseMicros <= 0)
      problems.push("The pound's rate for the UK threshold must be more than zero.");
  }
  return problems;
}

/** An amount in the base currency (cents) in pence at `gbpPerBaseMicros`, rounded half up. */
export function baseToGbpMinor(baseMinor: number, gbpPerBaseMicros: number): number {
  return Math.round((baseMinor * gbpPerBaseMicros) / GBP_RATE_SCALE);
}

/** What an order is taxed on: its lines and delivery as paid, and the goods' value in pence. */
export interface TaxBasis {
  country: string;
  /** What each line pays after its discount, VAT included, in the order's minor units. */
  lineGrossMinor: readonly number[];
  shippingMinor: number;
  /** The goods' value (the lines as paid, without delivery) in pence: what the UK threshold compares. */
  goodsGbpMinor: number;
  /** The configured rate of the destination (lib/vat-rates; 0 for a country not listed). */
  configuredRate: number;
}

export interface TaxOutcome extends VatBreakdown {
  taxRule: TaxRuleKind;
  /** Percent included in the prices; 0 when no VAT is collected. */
  vatRate: number;
  /** Shown to the shopper at checkout and on the invoice: why no VAT is charged; null when VAT is included. */
  notice: string | null;
}

export const IMPORT_NOTICE = "No VAT charged: export outside the EU; import VAT and duties are charged on delivery.";

/** The VAT an order includes under its zone's rule. */
export function applyTaxRule(rule: TaxRule, basis: TaxBasis): TaxOutcome {
  if (rule.kind === "eu-vat") {
    const rate = rule.rates[basis.country.toUpperCase()] ?? basis.configuredRate;
    return {
      taxRule: "eu-vat",
      vatRate: rate,
      notice: null,
      ...vatBreakdown(basis.lineGrossMinor, basis.shippingMinor, rate),
    };
  }
  if (rule.kind === "uk-vat" && basis.goodsGbpMinor <= rule.thresholdGbpMinor) {
    const rate = rule.ratePercent;
    return {
      taxRule: "uk-vat",
      vatRate: rate,
      notice: null,
      ...vatBreakdown(basis.lineGrossMinor, basis.shippingMinor, rate),
    };
  }
  // Import, or the UK above its threshold: the same prices, none of it VAT.
  return {
    taxRule: rule.kind,
    vatRate: 0,
    notice: IMPORT_NOTICE,
    ...vatBreakdown(basis.lineGrossMinor, basis.shippingMinor, 0),
  };
}

/** Whether an order's prices include VAT: not under import, nor in the UK above the threshold. Old orders are eu-vat. */
export function vatCollected(order: { taxRule?: TaxRuleKind; vatRate?: number }): boolean {
  const rule = order.taxRule ?? "eu-vat";
  return rule === "eu-vat" || (rule === "uk-vat" && (order.vatRate ?? 0) > 0);
}

/** How an order's invoice and e-mail name the rule that applied: "VAT 20% (UK)". Old orders are eu-vat. */
export function taxRuleStatement(order: { taxRule?: TaxRuleKind; vatRate?: number }): string {
  const rule = order.taxRule ?? "eu-vat";
  const rate = order.vatRate ?? 0;
  if (!vatCollected(order)) return IMPORT_NOTICE;
  return rule === "uk-vat" ? `VAT ${rate}% (UK)` : `VAT ${rate}%`;
}

/** A zone's rule in a few words, for the back office's list: "UK VAT 20% up to £135.00 of goods". */
export function taxRuleSummary(rule: TaxRule | undefined): string {
  const r = rule ?? DEFAULT_TAX_RULE;
  if (r.kind === "uk-vat") return `UK VAT ${r.ratePercent}% up to ${formatMoney(r.thresholdGbpMinor, "GBP")} of goods`;
  if (r.kind === "import") return TAX_RULE_LABELS.import;
  const corrected = Object.entries(r.rates).map(([country, rate]) => `${country} ${rate}%`);
  return corrected.length
    ? `${TAX_RULE_LABELS["eu-vat"]} (corrected: ${corrected.join(", ")})`
    : TAX_RULE_LABELS["eu-vat"];
}
