import type { ShippingChoice } from "~/domain/commerce";
import { flatRateZone, quotesFor, type DeliveryQuote, type Parcel, type ShippingZone } from "~/domain/shipping-zone";
import type { ShippingRates } from "../shipping/shipping.server";

export type { ShippingRates };

/** A priced method as the order keeps it (with its zone, as it was). */
export function choiceOf(quote: DeliveryQuote): ShippingChoice {
  return {
    method: quote.methodId,
    label: quote.label,
    priceMinor: quote.priceMinor,
    zoneId: quote.zoneId,
    zoneName: quote.zoneName,
  };
}

/** What the cart shows: the zone's first method's price now, and how far the shopper is from it being free. */
export function zoneEstimate(zone: ShippingZone | null, parcel: Parcel) {
  const first = zone?.methods[0];
  if (!zone || !first) return { standardMinor: 0, freeShippingRemainingMinor: 0, freeFromMinor: null };
  const price = quotesFor(zone, parcel)[0].priceMinor;
  const remaining = first.freeFromMinor === null ? 0 : Math.max(0, first.freeFromMinor - parcel.subtotalMinor);
  return { standardMinor: price, freeShippingRemainingMinor: remaining, freeFromMinor: first.freeFromMinor };
}

// The configured flat rates as one zone (a store without zones): kept for their callers and tests.
const flat = (rates: ShippingRates) => flatRateZone([], rates, "1970-01-01T00:00:00.000Z");

/** Both flat-rate methods priced for an order whose items are worth `subtotalMinor`. */
export function shippingOptions(rates: ShippingRates, subtotalMinor: number): ShippingChoice[] {
  return quotesFor(flat(rates), { subtotalMinor, weightGrams: 0 }).map(choiceOf);
}

export function shippingEstimate(rates: ShippingRates, subtotalMinor: number) {
  const { standardMinor, freeShippingRemainingMinor } = zoneEstimate(flat(rates), { subtotalMinor, weightGrams: 0 });
  return { standardMinor, freeShippingRemainingMinor };
}

/** One flat-rate method priced (the seed's demo orders, placed before any zone existed). */
export function shippingChoice(rates: ShippingRates, subtotalMinor: number, method: string): ShippingChoice {
  const options = shippingOptions(rates, subtotalMinor);
  return options.find((o) => o.method === method) ?? options[0];
}
