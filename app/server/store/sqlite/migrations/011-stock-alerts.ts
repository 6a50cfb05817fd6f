// Back-in-stock alerts: one row per address and variant (the id is derived from them).
export default `
CREATE TABLE stock_alerts (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  product_id TEXT NOT NULL,
  size TEXT NOT NULL,
  colour TEXT NOT NULL,
  created_at TEXT NOT NULL,
  sent_at TEXT
) WITHOUT ROWID;
CREATE INDEX stock_alerts_waiting ON stock_alerts (product_id) WHERE sent_at IS NULL;
`;
