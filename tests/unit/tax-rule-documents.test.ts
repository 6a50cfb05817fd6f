import { describe, expect, it } from "vitest";
import { invoiceOf } from "~/domain/invoice";
import { IMPORT_NOTICE } from "~/domain/tax-rule";
import { UK_VAT_DEFAULTS } from "~/lib/vat-rates";
import { taxFormOf, taxRuleFromForm } from "~/lib/tax-rule-form";
import { orderConfirmationMail } from "~/server/services/orders/emails.server";
import { order } from "../support/order-fixture";

// What a shopper reads about the tax rule of their order (invoice, confirmation e-mail), and how
// the back office's form reads a rule an owner types.

const paid = (overrides: Parameters<typeof order>[0]) => order({ invoiceNumber: "INV-2026-000001", ...overrides });

describe("the invoice and the e-mail state the rule that applied", () => {
  it("an import order: no VAT, and why", () => {
    const o = paid({ taxRule: "import", vatRate: 0, vatMinor: 0, shippingVatMinor: 0 });
    expect(invoiceOf(o)).toMatchObject({ taxStatement: IMPORT_NOTICE, vatCharged: false, vatMinor: 0 });
    const mail = orderConfirmationMail("Hemline", o, "https://shop.test/o/1").text;
    expect(mail).toContain(IMPORT_NOTICE);
    expect(mail).not.toContain("including VAT");
    expect(mail).not.toContain("VAT included at");
  });

  it("a UK order under the threshold: VAT 20% (UK)", () => {
    const o = paid({ taxRule: "uk-vat", vatRate: 20, vatMinor: 417, shippingVatMinor: 83 });
    expect(invoiceOf(o)).toMatchObject({ taxStatement: "VAT 20% (UK)", vatCharged: true });
    expect(orderConfirmationMail("Hemline", o, "https://shop.test/o/1").text).toContain("VAT included at 20% (UK):");
  });

  it("an order from before rules reads as EU VAT at its rate", () => {
    const o = paid({ vatRate: 21, vatMinor: 434, shippingVatMinor: 87 });
    expect(invoiceOf(o)).toMatchObject({ taxStatement: "VAT 21%", vatCharged: true });
    const mail = orderConfirmationMail("Hemline", o, "https://shop.test/o/1").text;
    expect(mail).toContain("VAT included at 21%:");
    expect(mail).toContain("(including VAT)");
  });
});

describe("the zone form's tax fields", () => {
  it("reads each rule, with the UK defaults for figures left blank", () => {
    expect(taxRuleFromForm({ taxRule: "import" })).toEqual({ ok: true, rule: { kind: "import" } });
    expect(taxRuleFromForm({ taxRule: "uk-vat" })).toEqual({ ok: true, rule: { kind: "uk-vat", ...UK_VAT_DEFAULTS } });
    expect(taxRuleFromForm({ taxRule: "uk-vat", ukRate: "17.5", ukThreshold: "150", ukGbpRate: "0.86" })).toEqual({
      ok: true,
      rule: { kind: "uk-vat", ratePercent: 17.5, thresholdGbpMinor: 15_000, gbpPerBaseMicros: 860_000 },
    });
    expect(taxRuleFromForm({ taxRule: "eu-vat", euRates: "fi 25.5, DE: 19%" })).toEqual({
      ok: true,
      rule: { kind: "eu-vat", rates: { FI: 25.5, DE: 19 } },
    });
  });

  it("names each figure it cannot read, and shows a saved rule as it was typed", () => {
    expect(taxRuleFromForm({ taxRule: "uk-vat", ukRate: "twenty", ukThreshold: "£135", ukGbpRate: "0" })).toEqual({
      ok: false,
      problems: [
        "UK VAT rate: a percentage like 20 or 17.5.",
        "UK VAT threshold: an amount in pounds, like 135.00.",
        "Pounds per euro for the threshold: a number above zero, like 0.85.",
      ],
    });
    expect(taxRuleFromForm({ taxRule: "eu-vat", euRates: "Germany 19" })).toEqual({
      ok: false,
      problems: ['VAT rate corrections: "Germany 19" is not a country code and a rate, like "FI 25.5".'],
    });
    expect(
      taxFormOf({ kind: "uk-vat", ratePercent: 17.5, thresholdGbpMinor: 13_500, gbpPerBaseMicros: 850_000 }),
    ).toEqual({
      taxRule: "uk-vat",
      euRates: "",
      ukRate: "17.5",
      ukThreshold: "135.00",
      ukGbpRate: "0.85",
    });
  });
});
