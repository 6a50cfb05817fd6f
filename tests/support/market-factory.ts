import type { Market } from "~/domain/market";
import type { MarketInput } from "~/server/services/markets/markets.server";

// The market the tests sell in besides the seeded euro one: the United Kingdom in pounds at 0.86,
// rounded up to .99 (€49.95 is £42.99).

/** As the back office's form saves it. */
export const ukMarketInput = (overrides: Partial<MarketInput> = {}): MarketInput => ({
  id: null,
  name: "United Kingdom",
  countries: ["GB"],
  currency: "GBP",
  rateMicros: 860_000,
  rounding: "99",
  isDefault: false,
  ...overrides,
});

/** As the store keeps it. */
export const ukMarket = (at: string, overrides: Partial<Market> = {}): Market => ({
  ...ukMarketInput(),
  currency: "GBP",
  id: "uk",
  position: 1,
  updatedAt: at,
  ...overrides,
});
