// Saved products, one row each, under the owner the cart uses ("user:{uid}" or "guest:{token}").
export default `
CREATE TABLE wishlist_items (
  owner_id TEXT NOT NULL,
  product_id TEXT NOT NULL,
  saved_price_minor INTEGER NOT NULL,
  saved_at TEXT NOT NULL,
  PRIMARY KEY (owner_id, product_id)
) WITHOUT ROWID;
`;
