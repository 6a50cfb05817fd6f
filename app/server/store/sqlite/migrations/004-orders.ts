// Carts and orders. An order is one aggregate (a JSON document, like its Firestore twin) plus the
// columns that lists and reports filter on. The unique idempotency key is what makes placing the
// same checkout twice return the first order instead of writing a second one.
export default `
CREATE TABLE carts (
  id TEXT PRIMARY KEY,
  lines TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  email TEXT NOT NULL,
  user_id TEXT,
  status TEXT NOT NULL,
  total_minor INTEGER NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE INDEX orders_user_created ON orders (user_id, created_at);
CREATE INDEX orders_status_created ON orders (status, created_at);
CREATE INDEX orders_created ON orders (created_at);
CREATE INDEX orders_email ON orders (email);

CREATE TABLE order_products (
  order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  product_id TEXT NOT NULL,
  PRIMARY KEY (product_id, order_id)
);
`;
