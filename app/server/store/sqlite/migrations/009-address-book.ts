// Shoppers' saved delivery addresses, one row each; at most one default per shopper.
export default `
CREATE TABLE addresses (
  uid TEXT NOT NULL,
  id TEXT NOT NULL,
  data TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  PRIMARY KEY (uid, id)
) WITHOUT ROWID;
`;
