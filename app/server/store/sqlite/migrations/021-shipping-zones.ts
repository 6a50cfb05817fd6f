// Shipping zones (issue 29): one row per zone; its countries and delivery methods are JSON, read
// whole (a shop has a handful). A database from before has no zones: the service then prices by
// the configured flat rates until the back office saves a zone (see services/shipping).
export default `
CREATE TABLE shipping_zones (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  position INTEGER NOT NULL,
  countries TEXT NOT NULL,
  methods TEXT NOT NULL,
  updated_at TEXT NOT NULL
) WITHOUT ROWID;
`;
