// The catalogue index snapshot of the embedded backend (decision 0021), in the database file
// itself so it lives and dies with the catalogue it indexes, and the lease that lets one process
// (of WEB_CONCURRENCY workers) build and refresh it.
export default `
CREATE TABLE index_snapshots (
  name TEXT PRIMARY KEY,
  bytes BLOB NOT NULL,
  written_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE leases (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
`;
