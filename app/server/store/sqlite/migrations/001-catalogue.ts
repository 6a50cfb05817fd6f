// Products are stored as one row each; colours, sizes, variants and images are JSON columns so
// that a product is one aggregate, read and written whole, exactly like its Firestore document.
export default `
CREATE TABLE products (
  id TEXT PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  category TEXT NOT NULL,
  material TEXT NOT NULL DEFAULT '',
  price_minor INTEGER NOT NULL CHECK (price_minor >= 0),
  compare_at_minor INTEGER CHECK (compare_at_minor IS NULL OR compare_at_minor >= 0),
  status TEXT NOT NULL CHECK (status IN ('draft', 'active', 'archived')),
  featured INTEGER NOT NULL DEFAULT 0,
  colours TEXT NOT NULL,
  sizes TEXT NOT NULL,
  variants TEXT NOT NULL,
  images TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  seq INTEGER NOT NULL UNIQUE
);
CREATE INDEX products_category_status ON products (category, status);
`;
