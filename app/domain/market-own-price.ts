// A product's own price in a market (issue 29, decision 0030): the owner may set, per product, the
// price it sells at in a market that is not priced at base; it wins over the converted base price.
// Only the price is set by hand: the "was" price of a product on sale stays its base compare-at
// price converted at the market's rate, shown only while it is above the price the shopper pays.

/** What a product keeps per market: its price there, in that market's currency and minor units. */
export interface MarketOwnPrice {
  priceMinor: number;
}

/** A product's own prices by market id. Entries of a market since deleted are ignored by every reader. */
export type MarketPrices = Record<string, MarketOwnPrice>;

/** The product's own price in the market, or null when it has none there (its price is converted). */
export function ownPriceIn(marketPrices: MarketPrices | undefined, marketId: string | undefined): number | null {
  if (!marketPrices || marketId === undefined) return null;
  const own = Object.prototype.hasOwnProperty.call(marketPrices, marketId) ? marketPrices[marketId] : undefined;
  return own && Number.isInteger(own.priceMinor) && own.priceMinor > 0 ? own.priceMinor : null;
}

/**
 * What a listing keeps of a product's own prices: its own prices by market id, and, for a gift
 * card, its smallest amount in each currency under "currency:XXX" (no market id has a colon), so
 * a pound listing shows "from £20", never €25 converted.
 */
export const listedCurrencyKey = (currency: string) => `currency:${currency}`;

/** The price a listing states in the market: its own there, else (gift cards) its smallest amount in the currency. */
export function listedPriceIn(
  listed: MarketPrices | undefined,
  market: { id?: string; currency: string },
): number | null {
  return ownPriceIn(listed, market.id) ?? ownPriceIn(listed, listedCurrencyKey(market.currency));
}

/** Whether a product has any own price at all (the seeded euro shop's products have none). */
export const hasOwnPrices = (marketPrices: MarketPrices | undefined): marketPrices is MarketPrices =>
  marketPrices !== undefined && Object.keys(marketPrices).length > 0;

/** The most a price may be in any currency's minor units (the price fields take nine digits). */
export const MAX_OWN_PRICE_MINOR = 999_999_999;

/**
 * The "was" price a card shows beside the price paid: kept only while it is above it, so an own
 * price at or above the converted compare-at price never reads as a saving.
 */
export const wasPriceAbove = (compareAtMinor: number | null, priceMinor: number): number | null =>
  compareAtMinor !== null && compareAtMinor > priceMinor ? compareAtMinor : null;

/**
 * The stored own prices with `changes` applied (a price sets it, null removes it), other markets'
 * left as they are: what an API change or a CSV line writes. `{}` when none is left, so a product
 * that had some has them cleared; undefined when it had none and gets none (nothing to write).
 */
export function withOwnPrices(
  stored: MarketPrices | undefined,
  changes: Readonly<Record<string, number | null>>,
): MarketPrices | undefined {
  const prices: MarketPrices = { ...stored };
  for (const [marketId, priceMinor] of Object.entries(changes)) {
    if (priceMinor === null) delete prices[marketId];
    else prices[marketId] = { priceMinor };
  }
  return !hasOwnPrices(prices) && !hasOwnPrices(stored) ? stored : prices;
}

/** Whether two products' own prices are the same (none and `{}` alike; the order of markets does not count). */
export function sameOwnPrices(a: MarketPrices | undefined, b: MarketPrices | undefined): boolean {
  const key = (p: MarketPrices | undefined) =>
    JSON.stringify(
      Object.entries(p ?? {})
        .map(([id, own]) => [id, own.priceMinor])
        .sort(([x], [y]) => String(x).localeCompare(String(y))),
    );
  return key(a) === key(b);
}
