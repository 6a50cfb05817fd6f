import { DEFAULT_TAX_RULE, applyTaxRule, baseToGbpMinor, type TaxOutcome, type TaxRule } from "~/domain/tax-rule";
import type { ShippingZone } from "~/domain/shipping-zone";
import type { Config } from "../../config.server";
import { vatRateFor } from "../policies/shop-policies.server";

// The one place an order's VAT is decided: checkout asks it where the order is priced, and the
// cart and checkout pages ask it for the notice they show, so a page never promises another rule.
// The rule is the delivery zone's (back office, /admin/shipping); a zone from before rules is eu-vat
// at the configured rates, which is exactly what every order paid before.

export type TaxService = ReturnType<typeof createTaxService>;

export interface TaxQuestion {
  zone: Pick<ShippingZone, "taxRule"> | null;
  country: string;
  /** What each line pays after its discount, VAT included, in the order's minor units. */
  lineGrossMinor: readonly number[];
  shippingMinor: number;
  /** The order's currency: the UK threshold is compared in pounds, converted from any other. */
  currency: string;
}

export function createTaxService(deps: {
  vat: Config["vat"];
  /**
   * GBP per base-currency unit × 1,000,000 from the GBP market, when the shop has one: the UK
   * threshold then converts at the rate shoppers are charged at. null: the rule's own rate.
   */
  gbpRateMicros?: () => Promise<number | null>;
}) {
  const ruleOf = (zone: Pick<ShippingZone, "taxRule"> | null): TaxRule => zone?.taxRule ?? DEFAULT_TAX_RULE;

  async function goodsInPence(rule: TaxRule, goodsMinor: number, currency: string): Promise<number> {
    if (currency === "GBP" || rule.kind !== "uk-vat") return goodsMinor;
    const rate = (await deps.gbpRateMicros?.()) ?? rule.gbpPerBaseMicros;
    return baseToGbpMinor(goodsMinor, rate);
  }

  /** The VAT the order includes under its zone's rule, line by line and on delivery. */
  async function taxFor(question: TaxQuestion): Promise<TaxOutcome> {
    const rule = ruleOf(question.zone);
    const goodsMinor = question.lineGrossMinor.reduce((sum, v) => sum + v, 0);
    return applyTaxRule(rule, {
      country: question.country,
      lineGrossMinor: question.lineGrossMinor,
      shippingMinor: question.shippingMinor,
      goodsGbpMinor: await goodsInPence(rule, goodsMinor, question.currency),
      configuredRate: vatRateFor(deps.vat, question.country),
    });
  }

  return {
    ruleOf,
    taxFor,

    /** What the cart and checkout pages tell a shopper delivering there: why no VAT is charged, or null. */
    async noticeFor(zone: Pick<ShippingZone, "taxRule"> | null, country: string, goodsMinor: number, currency: string) {
      const outcome = await taxFor({ zone, country, lineGrossMinor: [goodsMinor], shippingMinor: 0, currency });
      return outcome.notice;
    },
  };
}
