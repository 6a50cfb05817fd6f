import type { ShippingChoice } from "./commerce";

// The one sum of an order's price: the checkout page shows it, a refusal re-renders it and placing
// the order charges it, so the three can never disagree on delivery or the total.

export interface QuoteInput {
  /** The lines' total in the order's currency, before discounts. */
  subtotalMinor: number;
  /** What the promotions take off the lines. */
  discountMinor: number;
  /** A promotion that frees delivery frees the first (standard) method only. */
  freeDelivery: boolean;
  /** The methods delivering to the address's country, priced in the order's currency, standard first. */
  options: readonly ShippingChoice[];
  /** The method the shopper chose; the first when none was chosen yet (the page's first render). */
  method?: string;
}

export interface OrderQuote {
  /** The chosen method at what it costs this order; null when the shop does not offer it (or any) there. */
  delivery: ShippingChoice | null;
  /** The lines after their discounts: what tax rules and thresholds look at. */
  goodsMinor: number;
  shippingMinor: number;
  /** What the order costs before a gift card pays part of it. */
  totalMinor: number;
}

export function quoteOrder(input: QuoteInput): OrderQuote {
  const first = input.options[0];
  const chosen = input.method === undefined ? first : input.options.find((o) => o.method === input.method);
  const free = input.freeDelivery && chosen !== undefined && chosen.method === first?.method;
  const delivery = chosen ? { ...chosen, priceMinor: free ? 0 : chosen.priceMinor } : null;
  const goodsMinor = input.subtotalMinor - input.discountMinor;
  const shippingMinor = delivery?.priceMinor ?? 0;
  return { delivery, goodsMinor, shippingMinor, totalMinor: goodsMinor + shippingMinor };
}
