import { SHIPPING_COUNTRIES } from "~/lib/countries";
import { formatMoneyInText } from "~/lib/money";
import { MAX_QUANTITY_PER_LINE } from "~/domain/sellable";
import type { Config } from "~/server/config.server";

// The shop's promises to shoppers, from the same sources checkout, the cart and the address book
// obey: delivery prices and the free-delivery threshold (configuration), the returns window
// (configuration), the delivery countries (lib/countries) and the most of one item per cart line
// (lib/stock). Pages state these figures only from here, so no page can contradict checkout.

export interface ShopPolicies {
  shopName: string;
  supportEmail: string;
  shipping: Config["shipping"];
  returnsWindowDays: number;
  vat: Config["vat"];
  countries: ReadonlyArray<{ code: string; name: string; eu: boolean }>;
  maxPerLine: number;
}

/** The VAT rate (percent) of a delivery country: its standard rate, or the shop-wide default. */
export function vatRateFor(vat: Config["vat"], country: string): number {
  return vat.rates[country.toUpperCase()] ?? vat.defaultRate;
}

export function shopPolicies(
  config: Pick<Config, "shopName" | "supportEmail" | "shipping" | "returnsWindowDays" | "vat">,
): ShopPolicies {
  return {
    shopName: config.shopName,
    supportEmail: config.supportEmail,
    shipping: config.shipping,
    returnsWindowDays: config.returnsWindowDays,
    vat: config.vat,
    countries: SHIPPING_COUNTRIES,
    maxPerLine: MAX_QUANTITY_PER_LINE,
  };
}

/** The figures as pages print them ("€75", "€4.95", "30"): what the root loader gives every page. */
export interface PolicyFigures {
  freeShippingFrom: string;
  standardShipping: string;
  expressShipping: string;
  returnsDays: string;
  maxPerLine: string;
  deliveryCountryCount: string;
}

export function policyFigures(policies: ShopPolicies): PolicyFigures {
  return {
    freeShippingFrom: formatMoneyInText(policies.shipping.freeFromMinor),
    standardShipping: formatMoneyInText(policies.shipping.standardMinor),
    expressShipping: formatMoneyInText(policies.shipping.expressMinor),
    returnsDays: String(policies.returnsWindowDays),
    maxPerLine: String(policies.maxPerLine),
    deliveryCountryCount: String(policies.countries.length),
  };
}
