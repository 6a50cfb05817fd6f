import { BASE_CURRENCY, type CurrencyCode } from "./money";
import type { OutstandingBalance } from "./gift-card";
import { RATE_SCALE, toBaseMinor, type Market } from "./market";

// What the shop owes on gift cards: exact per currency (each card is owed in its own currency), and an
// estimate of the whole in the base currency at the markets' rates today, for a single figure.

export interface GiftCardLiability {
  /** One row per currency held by active cards; `baseMinor` null when no market gives its rate. */
  byCurrency: Array<OutstandingBalance & { baseMinor: number | null }>;
  /** The rows with a rate, in the base currency: an estimate, as rates move. */
  estimateBaseMinor: number;
  /** Currencies left out of the estimate: no market sells in them now. */
  unrated: CurrencyCode[];
}

export function giftCardLiability(
  balances: readonly OutstandingBalance[],
  markets: ReadonlyArray<Pick<Market, "currency" | "rateMicros">>,
): GiftCardLiability {
  const rateOf = (currency: CurrencyCode): number | null =>
    currency === BASE_CURRENCY ? RATE_SCALE : (markets.find((m) => m.currency === currency)?.rateMicros ?? null);
  const byCurrency = balances.map((b) => {
    const rateMicros = rateOf(b.currency);
    return {
      ...b,
      baseMinor: rateMicros === null ? null : toBaseMinor(b.balanceMinor, { currency: b.currency, rateMicros }),
    };
  });
  return {
    byCurrency,
    estimateBaseMinor: byCurrency.reduce((sum, row) => sum + (row.baseMinor ?? 0), 0),
    unrated: byCurrency.filter((row) => row.baseMinor === null).map((row) => row.currency),
  };
}
