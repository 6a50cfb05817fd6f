// Product reviews: one per buyer and product (the unique key), one helpful vote per shopper and
// review (the primary key), each product's summary of approved reviews, and its copy on the
// product row that the listing sorts by (version 0: no review was ever approved or rejected).
export default `
CREATE TABLE reviews (
  id TEXT PRIMARY KEY,
  product_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  author_name TEXT NOT NULL,
  stars INTEGER NOT NULL,
  title TEXT NOT NULL,
  text TEXT NOT NULL,
  status TEXT NOT NULL,
  helpful_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  moderated_at TEXT,
  moderated_by TEXT,
  UNIQUE (product_id, user_id)
) WITHOUT ROWID;
CREATE INDEX reviews_by_product ON reviews (product_id, status, created_at);
CREATE INDEX reviews_by_status ON reviews (status, created_at);
CREATE TABLE review_votes (
  review_id TEXT NOT NULL,
  voter_id TEXT NOT NULL,
  at TEXT NOT NULL,
  PRIMARY KEY (review_id, voter_id)
) WITHOUT ROWID;
CREATE TABLE review_summaries (
  product_id TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  total INTEGER NOT NULL,
  version INTEGER NOT NULL
) WITHOUT ROWID;
ALTER TABLE products ADD COLUMN rating_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN rating_total INTEGER NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN rating_version INTEGER NOT NULL DEFAULT 0;
`;
