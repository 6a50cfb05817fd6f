// Per-product prices in a market (issue 29, decision 0030): a product's own prices by market id, as
// JSON ({"uk":{"priceMinor":4299}}). NULL (every product before this) means none: every price in
// every market is converted from the base price, as before.
export default `
ALTER TABLE products ADD COLUMN market_prices TEXT;
`;
