import { describe, expect, it } from "vitest";
import {
  IMPORT_NOTICE,
  applyTaxRule,
  baseToGbpMinor,
  taxRuleProblems,
  taxRuleStatement,
  taxRuleSummary,
  type TaxBasis,
} from "~/domain/tax-rule";
import { vatBreakdown } from "~/domain/vat";
import { UK_VAT_DEFAULTS } from "~/lib/vat-rates";

// The tax rules of shipping zones: what VAT an order includes, and how its invoice names it.

const basis = (overrides: Partial<TaxBasis> = {}): TaxBasis => ({
  country: "DE",
  lineGrossMinor: [3000, 1999],
  shippingMinor: 495,
  goodsGbpMinor: 4249,
  configuredRate: 19,
  ...overrides,
});
const uk = { kind: "uk-vat" as const, ...UK_VAT_DEFAULTS };

describe("eu-vat", () => {
  it("includes the configured rate of the destination, as before rules, to the cent", () => {
    const outcome = applyTaxRule({ kind: "eu-vat", rates: {} }, basis());
    expect(outcome).toEqual({ taxRule: "eu-vat", vatRate: 19, notice: null, ...vatBreakdown([3000, 1999], 495, 19) });
    expect(outcome.vatMinor).toBe(479 + 319 + 79);
  });

  it("uses the zone's correction of a country's rate over the configured one", () => {
    const outcome = applyTaxRule({ kind: "eu-vat", rates: { DE: 7 } }, basis());
    expect(outcome.vatRate).toBe(7);
    expect(outcome.vatMinor).toBe(vatBreakdown([3000, 1999], 495, 7).vatMinor);
    expect(applyTaxRule({ kind: "eu-vat", rates: { FR: 7 } }, basis()).vatRate).toBe(19);
  });
});

describe("uk-vat", () => {
  it("includes 20 % when the goods are worth exactly £135", () => {
    const outcome = applyTaxRule(uk, basis({ country: "GB", goodsGbpMinor: 13_500 }));
    expect(outcome).toMatchObject({ taxRule: "uk-vat", vatRate: 20, notice: null });
    expect(outcome.vatMinor).toBe(vatBreakdown([3000, 1999], 495, 20).vatMinor);
  });

  it("collects no VAT a penny above £135, and shows the import notice", () => {
    const outcome = applyTaxRule(uk, basis({ country: "GB", goodsGbpMinor: 13_501 }));
    expect(outcome).toEqual({
      taxRule: "uk-vat",
      vatRate: 0,
      notice: IMPORT_NOTICE,
      lines: [0, 0],
      shippingVatMinor: 0,
      vatMinor: 0,
    });
  });

  it("converts euros to pence at a rate in millionths, rounding half up", () => {
    expect(baseToGbpMinor(15_882, 850_000)).toBe(13_500);
    expect(baseToGbpMinor(15_883, 850_000)).toBe(13_501);
  });
});

describe("import", () => {
  it("collects no VAT on any amount and tells the shopper duties are charged on delivery", () => {
    const outcome = applyTaxRule({ kind: "import" }, basis({ country: "CH", goodsGbpMinor: 1 }));
    expect(outcome).toMatchObject({ taxRule: "import", vatRate: 0, vatMinor: 0, shippingVatMinor: 0, lines: [0, 0] });
    expect(outcome.notice).toBe(IMPORT_NOTICE);
  });
});

describe("what the invoice states", () => {
  it("names the rule that applied; an order from before rules is EU VAT", () => {
    expect(taxRuleStatement({ vatRate: 21 })).toBe("VAT 21%");
    expect(taxRuleStatement({ taxRule: "eu-vat", vatRate: 25.5 })).toBe("VAT 25.5%");
    expect(taxRuleStatement({ taxRule: "uk-vat", vatRate: 20 })).toBe("VAT 20% (UK)");
    expect(taxRuleStatement({ taxRule: "uk-vat", vatRate: 0 })).toBe(IMPORT_NOTICE);
    expect(taxRuleStatement({ taxRule: "import", vatRate: 0 })).toBe(IMPORT_NOTICE);
  });
});

describe("taxRuleProblems", () => {
  it("accepts the defaults and names each wrong figure", () => {
    expect(taxRuleProblems(uk)).toEqual([]);
    expect(taxRuleProblems({ kind: "import" })).toEqual([]);
    expect(taxRuleProblems({ kind: "uk-vat", ratePercent: 120, thresholdGbpMinor: -1, gbpPerBaseMicros: 0 })).toEqual([
      "The UK VAT rate must be between 0 and 100 %, with one decimal at most.",
      "The UK VAT threshold must be an amount of pounds, zero or more.",
      "The pound's rate for the UK threshold must be more than zero.",
    ]);
    expect(taxRuleProblems({ kind: "eu-vat", rates: { DE: 19.25 } })).toEqual([
      "The VAT rate of DE must be between 0 and 100 %, with one decimal at most.",
    ]);
  });
});

describe("taxRuleSummary", () => {
  it("sums a zone's rule up for the back office's list; a zone without one is EU VAT", () => {
    expect(taxRuleSummary(undefined)).toBe("EU VAT by destination");
    expect(taxRuleSummary({ kind: "eu-vat", rates: { FI: 25.5 } })).toBe("EU VAT by destination (corrected: FI 25.5%)");
    expect(taxRuleSummary(uk)).toBe("UK VAT 20% up to £135.00 of goods");
    expect(taxRuleSummary({ kind: "import" })).toBe("No VAT: import VAT and duties on delivery");
  });
});
