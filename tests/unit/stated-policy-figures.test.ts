import { describe, expect, it } from "vitest";
import { flatRateZone } from "~/domain/shipping-zone";
import { parseConfig } from "~/server/config.server";
import { statedPolicyFigures } from "~/server/services/policies/shop-policies.server";
import type { PricingMarket } from "~/server/services/markets/market-prices";

// Every page states the shop's figures (free shipping from, delivery prices, countries): made once
// for the zones and market the kept lists hand out, and made again when either is a new read.

const AT = "2026-11-27T00:00:00.000Z";
const config = parseConfig({});
const europe: PricingMarket = { id: "europe", currency: "EUR", rateMicros: 1_000_000, rounding: "exact" };
const uk: PricingMarket = { id: "uk", currency: "GBP", rateMicros: 860_000, rounding: "exact" };

describe("statedPolicyFigures", () => {
  it("states the zones' figures in the shopper's market, and the same answer for the same rows", () => {
    const zones = [
      flatRateZone(["IE", "DE", "FR"], { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 }, AT),
    ];
    const inEuros = statedPolicyFigures(config, zones, europe);
    expect(inEuros).toMatchObject({ freeShippingFrom: "€75", standardShipping: "€4.95", deliveryCountryCount: "3" });
    expect(statedPolicyFigures(config, zones, europe)).toBe(inEuros);
    expect(statedPolicyFigures(config, zones, uk).standardShipping).toBe("£4.26");
  });

  it("states a new read of the zones as it is, never what the old one said", () => {
    const before = [flatRateZone(["IE"], { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 }, AT)];
    const after = [flatRateZone(["IE", "NL"], { standardMinor: 595, expressMinor: 995, freeFromMinor: 9000 }, AT)];
    expect(statedPolicyFigures(config, before, europe).freeShippingFrom).toBe("€75");
    expect(statedPolicyFigures(config, after, europe)).toMatchObject({
      freeShippingFrom: "€90",
      standardShipping: "€5.95",
      deliveryCountryCount: "2",
    });
  });
});
