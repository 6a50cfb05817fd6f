import { SHIPPING_COUNTRIES } from "~/lib/countries";
import { BASE_CURRENCY, formatMoneyInText } from "~/domain/money";
import { amountIn, type PricingMarket } from "../markets/market-prices";
import { worldCountry } from "~/lib/world-countries";
import { MAX_QUANTITY_PER_LINE } from "~/domain/sellable";
import { flatRateZone, zoneOf, type ShippingZone } from "~/domain/shipping-zone";
import type { Config } from "~/server/config.server";

// The shop's promises to shoppers, from the same sources checkout, the cart and the address book
// obey: the shipping zones (delivery countries, methods, prices, free-from: the shipping service),
// the returns window (configuration) and the most of one item per cart line (lib/stock). Pages
// state these figures only from here, so no page can contradict checkout.

export interface ShopPolicies {
  shopName: string;
  supportEmail: string;
  /** Every zone, as the shipping page lists them. */
  zones: ShippingZone[];
  /** The home zone's (FEED_COUNTRY's) first two methods: the figures the footer and short texts state. */
  shipping: {
    standardMinor: number;
    standardEstimate: string;
    expressMinor: number | null;
    expressEstimate: string;
    freeFromMinor: number | null;
  };
  returnsWindowDays: number;
  vat: Config["vat"];
  /** Every country a zone delivers to. */
  countries: ReadonlyArray<{ code: string; name: string; eu: boolean }>;
  maxPerLine: number;
}

/** The VAT rate (percent) of a delivery country: its standard rate; a country not listed has none. */
export function vatRateFor(vat: Config["vat"], country: string): number {
  return vat.rates[country.toUpperCase()] ?? 0;
}

/**
 * The policies under these zones (from the shipping service). Without zones (unit tests of the
 * copy), the configured flat rates to the original delivery countries, as a store without zones prices.
 */
export function shopPolicies(
  config: Pick<Config, "shopName" | "supportEmail" | "shipping" | "returnsWindowDays" | "vat"> &
    Partial<Pick<Config, "feed">>,
  zones: readonly ShippingZone[] = [
    flatRateZone(
      SHIPPING_COUNTRIES.map((c) => c.code),
      config.shipping,
      "1970-01-01T00:00:00.000Z",
    ),
  ],
): ShopPolicies {
  const home = zoneOf(zones, config.feed?.country ?? "IE") ?? zones[0];
  const [standard, express] = home?.methods ?? [];
  const countries = [...new Set(zones.flatMap((z) => z.countries))]
    .map(worldCountry)
    .sort((a, b) => a.name.localeCompare(b.name, "en-GB"));
  return {
    shopName: config.shopName,
    supportEmail: config.supportEmail,
    zones: [...zones],
    shipping: {
      standardMinor: standard?.bands[0]?.priceMinor ?? 0,
      standardEstimate: standard?.estimate ?? "",
      expressMinor: express?.bands[0]?.priceMinor ?? null,
      expressEstimate: express?.estimate ?? "",
      freeFromMinor: standard?.freeFromMinor ?? null,
    },
    returnsWindowDays: config.returnsWindowDays,
    vat: config.vat,
    countries,
    maxPerLine: MAX_QUANTITY_PER_LINE,
  };
}

/**
 * The figures as pages print them ("€75", "€4.95", "30"): what the root loader gives every page.
 * A figure the zones do not have (no free-from, no second method) is "": pages leave its sentence out.
 */
export interface PolicyFigures {
  freeShippingFrom: string;
  standardShipping: string;
  expressShipping: string;
  returnsDays: string;
  maxPerLine: string;
  deliveryCountryCount: string;
}

export function policyFigures(policies: ShopPolicies, market?: PricingMarket): PolicyFigures {
  const { shipping } = policies;
  // In the shopper's market's currency when there is one (the zones' euro figures at its rate).
  const money = (baseMinor: number) =>
    market
      ? formatMoneyInText(amountIn(market, baseMinor), market.currency)
      : formatMoneyInText(baseMinor, BASE_CURRENCY);
  return {
    freeShippingFrom: shipping.freeFromMinor === null ? "" : money(shipping.freeFromMinor),
    standardShipping: money(shipping.standardMinor),
    expressShipping: shipping.expressMinor === null ? "" : money(shipping.expressMinor),
    returnsDays: String(policies.returnsWindowDays),
    maxPerLine: String(policies.maxPerLine),
    deliveryCountryCount: String(policies.countries.length),
  };
}

type PolicyConfig = Parameters<typeof shopPolicies>[0];
const keptFigures = new WeakMap<
  PolicyConfig,
  WeakMap<readonly ShippingZone[], WeakMap<PricingMarket, PolicyFigures>>
>();

/**
 * `policyFigures(shopPolicies(config, zones), market)`, made once for the same configuration, zones
 * and market objects: the kept lists hand out the same rows until something is written, and every
 * page states these figures (sorting the countries by name was ~1 % of a page's CPU).
 */
export function statedPolicyFigures(
  config: PolicyConfig,
  zones: readonly ShippingZone[],
  market: PricingMarket,
): PolicyFigures {
  let byZones = keptFigures.get(config);
  if (!byZones) keptFigures.set(config, (byZones = new WeakMap()));
  let byMarket = byZones.get(zones);
  if (!byMarket) byZones.set(zones, (byMarket = new WeakMap()));
  let figures = byMarket.get(market);
  if (!figures) byMarket.set(market, (figures = policyFigures(shopPolicies(config, zones), market)));
  return figures;
}
