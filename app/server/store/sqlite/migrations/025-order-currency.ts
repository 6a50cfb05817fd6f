// Orders in their market's currency (issue 29, markets step 5): an order keeps its currency, the
// market's rate when it was priced (reports convert back to euros at it) and the market's id. The
// columns mirror the order's JSON for SQL (revenue by currency); orders from before markets were
// placed in euros at the base prices, so they get EUR, rate 1 (1000000) and the seeded Europe.
export default `
ALTER TABLE orders ADD COLUMN currency TEXT NOT NULL DEFAULT 'EUR';
ALTER TABLE orders ADD COLUMN rate_micros INTEGER NOT NULL DEFAULT 1000000;
ALTER TABLE orders ADD COLUMN market_id TEXT NOT NULL DEFAULT 'europe';
UPDATE orders SET data = json_set(data, '$.rateMicros', 1000000, '$.marketId', 'europe')
  WHERE json_extract(data, '$.rateMicros') IS NULL;
`;
