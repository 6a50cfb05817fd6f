// Markets (issue 29, part 2): one row per market; its countries are JSON, read whole (a shop has a
// handful). A database from before has none: the seed then writes the one market of today's shop
// (Europe, euros, every delivery country), so its prices do not change.
export default `
CREATE TABLE markets (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  position INTEGER NOT NULL,
  countries TEXT NOT NULL,
  currency TEXT NOT NULL,
  rate_micros INTEGER NOT NULL,
  rounding TEXT NOT NULL,
  is_default INTEGER NOT NULL,
  updated_at TEXT NOT NULL
) WITHOUT ROWID;
`;
