import type { ShippingChoice, ShippingMethodId } from "~/domain/commerce";

/** Delivery prices from configuration (SHIPPING_*_CENTS, FREE_SHIPPING_FROM_CENTS). */
export interface ShippingRates {
  standardMinor: number;
  expressMinor: number;
  freeFromMinor: number;
}

export const SHIPPING_LABELS: Record<ShippingMethodId, string> = {
  standard: "Standard delivery (3–5 working days)",
  express: "Express delivery (1–2 working days)",
};

/** Both methods priced for an order whose items are worth `subtotalMinor`: standard is free from the threshold. */
export function shippingOptions(rates: ShippingRates, subtotalMinor: number): ShippingChoice[] {
  const free = subtotalMinor >= rates.freeFromMinor;
  return [
    { method: "standard", label: SHIPPING_LABELS.standard, priceMinor: free ? 0 : rates.standardMinor },
    { method: "express", label: SHIPPING_LABELS.express, priceMinor: rates.expressMinor },
  ];
}

export function shippingChoice(rates: ShippingRates, subtotalMinor: number, method: ShippingMethodId): ShippingChoice {
  return shippingOptions(rates, subtotalMinor).find((o) => o.method === method)!;
}

/** What the cart shows: standard delivery's price now, and how far the shopper is from free delivery. */
export function shippingEstimate(rates: ShippingRates, subtotalMinor: number) {
  const remaining = Math.max(0, rates.freeFromMinor - subtotalMinor);
  return { standardMinor: remaining === 0 ? 0 : rates.standardMinor, freeShippingRemainingMinor: remaining };
}
