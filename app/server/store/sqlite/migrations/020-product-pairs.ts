// Complete the look: how many paid orders held each unordered pair of products (a < b), and which
// orders were counted, so an order replayed or rebuilt is counted once.
export default `
CREATE TABLE product_pairs (
  a TEXT NOT NULL,
  b TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (a, b)
);
CREATE INDEX product_pairs_by_b ON product_pairs (b, count);
CREATE TABLE paired_orders (
  order_id TEXT PRIMARY KEY
);
`;
