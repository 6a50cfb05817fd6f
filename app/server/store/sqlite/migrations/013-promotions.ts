// Promotions: a code is unique ignoring case (automatic promotions have none). Usage is one row per
// promotion and customer key, plus the promotion's total under the key '' — both written by the
// placement of an order that uses the promotion, in its transaction.
export default `
CREATE TABLE promotions (
  id TEXT PRIMARY KEY,
  code_lower TEXT UNIQUE,
  created_at TEXT NOT NULL,
  data TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE promotion_usage (
  promotion_id TEXT NOT NULL,
  customer_key TEXT NOT NULL,
  uses INTEGER NOT NULL,
  PRIMARY KEY (promotion_id, customer_key)
) WITHOUT ROWID;
`;
