// Keys of the admin API: only the SHA-256 of each secret is kept, unique, as the lookup.
export default `
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  scopes_json TEXT NOT NULL,
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL,
  revoked_at TEXT,
  last_used_at TEXT
) WITHOUT ROWID;
`;
