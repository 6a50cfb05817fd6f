import type { CurrencyCode } from "./money";
import { marketPrice, pricesAreBase, type Market } from "./market";

/** The price a shopper saw when saving, in the market they were shopping in then. */
export interface SavedMarketPrice {
  marketId: string;
  currency: CurrencyCode;
  priceMinor: number;
}

/** One saved product, with the price it had when saved (a later, lower price is a price drop). */
export interface WishlistItem {
  productId: string;
  /** The base (euro) price at saving. */
  savedPriceMinor: number;
  savedAt: string;
  /** The price in the shopper's market at saving; absent on items saved before it was kept. */
  savedIn?: SavedMarketPrice;
}

type WishlistMarket = Pick<Market, "currency" | "rateMicros" | "rounding"> & { id?: string };

/**
 * What a saved item was saved at, in `market`'s currency (the shopper's now), or null when that
 * cannot honestly be told. `now` is the product's base price today and its own price in the market
 * (null: its price there is converted from the base price).
 */
export function savedPriceIn(
  item: WishlistItem,
  market: WishlistMarket,
  now: { baseMinor: number; ownMinor: number | null },
): number | null {
  const saved = item.savedIn;
  if (saved && saved.marketId === market.id && saved.currency === market.currency) return saved.priceMinor;
  // The base market's prices are the base prices (no product has an own price there).
  if (pricesAreBase(market)) return item.savedPriceMinor;
  // Only the base price at saving is known (saved before market prices were kept, or in another
  // market). Without an own price, the price here is the base price converted: converting the
  // saved one at today's rate too shows a drop exactly when the base price dropped. With an own
  // price, what it was at saving is unknown, and a lower base price does not lower it: no drop
  // can be claimed.
  return now.ownMinor === null ? marketPrice(item.savedPriceMinor, market) : null;
}

/** Cheaper now than when saved, both in the shopper's market (unknown saved price: not a drop). */
export const priceDropped = (savedMinor: number | null, nowMinor: number): boolean =>
  savedMinor !== null && nowMinor < savedMinor;
